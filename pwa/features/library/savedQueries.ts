import { queryOptions } from '@tanstack/react-query';
import { isSaved, listSaved } from '../../offline/store';

/**
 * Saved articles live on the device (the offline store), under keys of their own. `device` tells the
 * server's renderer not to run them: a page rendered there shows them as the browser's first render
 * does, still being read.
 */
const device = { device: true };
export const savedQueries = {
  all: () => ['offline', 'saved'] as const,
  list: () => queryOptions({ queryKey: ['offline', 'saved', 'list'], queryFn: listSaved, meta: device }),
  isSaved: (id: string) => queryOptions({ queryKey: ['offline', 'saved', id], queryFn: () => isSaved(id), meta: device }),
};
