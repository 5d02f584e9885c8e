import { useTitle } from '../../ui/use-title';

/** Screens whose feature is built separately (checkout, account, forms): the route, layout and title exist already. */
export function PlaceholderPage({ title, description }: { title: string; description?: string }) {
  useTitle(title);
  return (
    <section className="placeholder-page">
      <h1>{title}</h1>
      {description && <p>{description}</p>}
    </section>
  );
}
