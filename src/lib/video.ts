/**
 * portal.md §3 video_embed: the privacy-enhanced player address of a video link, or null when the
 * video is not on a player the campus allows (its `videoHosts`, also the CSP's frame-src).
 */
export function embedUrlFor(link: string | null, allowedHosts: readonly string[]): string | null {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^www\./, '');
  let embed: string | null = null;
  const youtubeId = /^[A-Za-z0-9_-]{11}$/;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com' || host === 'm.youtube.com') {
    const id = url.searchParams.get('v') ?? /^\/embed\/([^/]+)$/.exec(url.pathname)?.[1] ?? '';
    if (youtubeId.test(id)) embed = `https://www.youtube-nocookie.com/embed/${id}`;
  } else if (host === 'youtu.be') {
    const id = url.pathname.slice(1);
    if (youtubeId.test(id)) embed = `https://www.youtube-nocookie.com/embed/${id}`;
  } else if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = /(\d+)$/.exec(url.pathname)?.[1];
    if (id) embed = `https://player.vimeo.com/video/${id}?dnt=1`;
  }
  if (!embed) return null;
  return allowedHosts.includes(new URL(embed).origin) ? embed : null;
}
