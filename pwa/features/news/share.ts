import { toast } from '../../components/Toast';

/** Spec 9: the share-link toast stays 5 seconds. */
const SHARE_LINK_TIMEOUT_MS = 5000;

function articleUrl(id: string): string {
  return `${window.location.origin}/news/${id}`;
}

/**
 * Copies {origin}/news/{id} (spec 2). Where the clipboard is unavailable or refused, the link is
 * shown in a toast instead so it can be copied by hand.
 */
export async function shareArticle(id: string): Promise<void> {
  const url = articleUrl(id);
  try {
    if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link Copied!', description: 'Article link has been copied to your clipboard.' });
  } catch {
    toast({ title: 'Share Link', description: url, timeout: SHARE_LINK_TIMEOUT_MS });
  }
}
