/** portal.md §6: staff previewing with `?published=all` see unpublished pages and future posts. */
export function PreviewNotice() {
  return (
    <p className="preview-notice" role="status" data-testid="preview-notice">
      <strong>Preview.</strong> You are seeing unpublished pages and posts that are not open yet, as
      staff. Students see only what is published.
    </p>
  );
}
