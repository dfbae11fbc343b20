import { CompassIcon } from '../../client/components/icons';
import { StatusScreen } from '../components/status-screen';

const home = (
  <a href="/" role="button">
    Go to the start page
  </a>
);

export function NotFoundPage({ path }: { path: string }) {
  return (
    <StatusScreen icon={<CompassIcon />} tone="info" title="Page not found">
      <p>
        There is no page at <code>{path}</code>. It may have moved, or the link may be mistyped.
      </p>
      {home}
    </StatusScreen>
  );
}

export function ErrorPage({ requestId }: { requestId: string }) {
  return (
    <StatusScreen tone="danger" title="Something went wrong">
      <p>We could not show this page. Please try again in a moment.</p>
      <p className="gate-aside">
        Reference: <code>{requestId}</code>
      </p>
      {home}
    </StatusScreen>
  );
}
