/**
 * A message's action link: an outside address opens in a new tab, a portal path in this one. Its name
 * carries the message's title for screen readers ("Open: Tuition is due").
 */
export function ActionLink({ href, title }: { href: string; title: string }) {
  const external = /^https?:\/\//i.test(href);
  return (
    <a
      className="message-action"
      href={href}
      aria-label={external ? `Open: ${title} (opens in a new tab)` : `Open: ${title}`}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      Open
    </a>
  );
}
