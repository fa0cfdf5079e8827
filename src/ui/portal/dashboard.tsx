/** The dashboard; its greeting says "Hello" plus the display name (portal.md §2 Shared blocks). */
export function Dashboard({ name }: { name: string }) {
  return (
    <section className="page">
      <h1 className="page__title">Dashboard</h1>
      <p className="greeting">Hello {name}</p>
    </section>
  );
}
