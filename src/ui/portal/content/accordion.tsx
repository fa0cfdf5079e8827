import type { Post } from '../../../../contract/content.schema.js';
import { useDisclosure } from '../../disclosure.js';
import { PostBody } from './post-body.js';
import type { OpenModal } from './post-body.js';
import { postMark } from './post-mark.js';

/** One panel: a button with aria-expanded that shows and hides its answer (portal.md §4). */
function Panel({ post, onOpenModal }: { post: Post; onOpenModal?: OpenModal | undefined }) {
  const disclosure = useDisclosure();
  return (
    <li className="accordion__item" lang={post.lang} {...postMark(post)}>
      <h3 className="accordion__heading">
        <button
          type="button"
          className="accordion__toggle"
          {...disclosure.button}
          onClick={disclosure.toggle}
        >
          {post.title}
        </button>
      </h3>
      <div className="accordion__panel" {...disclosure.panel}>
        <PostBody html={post.body} onOpenModal={onOpenModal} />
      </div>
    </li>
  );
}

/** Neighbouring accordion posts: a list of questions, each opening and closing by mouse or keyboard. */
export function Accordion({ posts, onOpenModal }: { posts: Post[]; onOpenModal?: OpenModal }) {
  return (
    <ul className="accordion">
      {posts.map((post) => (
        <Panel key={post.pk} post={post} onOpenModal={onOpenModal} />
      ))}
    </ul>
  );
}
