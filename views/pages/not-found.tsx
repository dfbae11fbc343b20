import { CompassIcon } from '../components/icons';

export function NotFoundPage({ path }: { path: string }) {
  return (
    <main className="gate">
      <article className="gate-card gate-info">
        <div className="gate-icon">
          <CompassIcon />
        </div>
        <h1>Page not found</h1>
        <p>
          There is no page at <code>{path}</code>. It may have moved, or the link may be mistyped.
        </p>
        <a href="/" role="button">
          Go to the start page
        </a>
      </article>
    </main>
  );
}

export function ErrorPage({ requestId }: { requestId: string }) {
  return (
    <main className="gate">
      <article className="gate-card gate-danger">
        <h1>Something went wrong</h1>
        <p>We could not show this page. Please try again in a moment.</p>
        <p className="gate-aside">
          Reference: <code>{requestId}</code>
        </p>
        <a href="/" role="button">
          Go to the start page
        </a>
      </article>
    </main>
  );
}
