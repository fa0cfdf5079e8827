import type { Post } from '../../contract/content.schema.js';

export interface HeroSource {
  media: string;
  src: string;
}

/**
 * portal.md §2: the hero image is chosen by viewport width — up to 350 px the thumbnail_image, up
 * to 800 the medium_image, up to 1200 the large_image, otherwise the original image. As <source>
 * elements of a <picture>, so the browser downloads only the one it shows.
 */
export function heroSources(post: Pick<Post, 'thumbnail_image' | 'medium_image' | 'large_image'>) {
  const sizes: Array<[number, string | null]> = [
    [350, post.thumbnail_image],
    [800, post.medium_image],
    [1200, post.large_image],
  ];
  return sizes.flatMap(([width, src]): HeroSource[] =>
    src ? [{ media: `(max-width: ${width}px)`, src }] : [],
  );
}
