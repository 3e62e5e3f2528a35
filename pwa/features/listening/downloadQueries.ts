import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { storeMayLoad } from '../../offline/afterWorker';
import { storageBudget } from '../../offline/storageBudget';

/*
 * Downloaded episodes live on the device (Dexie and the episode cache), under the offline keys like
 * saved articles, so a sign-out's refresh of device data refetches them too. The module that reads
 * them (with Dexie) loads on first use.
 */
const load = () => import('./episodeDownloads');
const device = { device: true };

export const downloadQueries = {
  all: () => ['offline', 'downloads'] as const,
  list: () => queryOptions({ queryKey: ['offline', 'downloads', 'list'], queryFn: async () => (await load()).listDownloads(), meta: device }),
  one: (episodeId: string) =>
    queryOptions({
      queryKey: ['offline', 'downloads', 'one', episodeId],
      // A card's Download state: on a first visit, once Dexie costs no second download (pwa/offline/afterWorker.ts).
      queryFn: async () => (await storeMayLoad().then(load)).getDownload(episodeId),
      meta: device,
    }),
  /** The library's budget on this device (saved articles and downloads together). */
  budget: () => queryOptions({ queryKey: ['offline', 'downloads', 'budget'], queryFn: storageBudget, meta: device, staleTime: Infinity }),
};

export function invalidateDownloads(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['offline'] });
}
