import { toast } from '../../components/Toast';

/** Spec 9: the share-link toast stays 5 seconds. */
const SHARE_LINK_TIMEOUT_MS = 5000;

/**
 * Copies {origin}{path}. Where the clipboard is unavailable or refused, the link is shown in a toast
 * instead so it can be copied by hand.
 */
async function shareLink(path: string, noun: 'Article' | 'Episode'): Promise<void> {
  const url = `${window.location.origin}${path}`;
  try {
    if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link Copied!', description: `${noun} link has been copied to your clipboard.` });
  } catch {
    toast({ title: 'Share Link', description: url, timeout: SHARE_LINK_TIMEOUT_MS });
  }
}

/** Copies {origin}/news/{id} (spec 2). */
export const shareArticle = (id: string) => shareLink(`/news/${id}`, 'Article');

/** Copies {origin}/podcasts/{id}: an episode's page, shared as an article's is. */
export const shareEpisode = (id: string) => shareLink(`/podcasts/${id}`, 'Episode');
