import { Trans } from "@lingui/react/macro";
import { useRouteError } from "react-router";
import "./route-error.css";

/**
 * Shown when a screen throws or its chunk still fails after the one automatic reload. Plain (route-error.css):
 * it must show even when Chakra's own chunk is what failed to load.
 */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="route-error" role="alert">
      <h2>
        <Trans>Something went wrong</Trans>
      </h2>
      <p>
        <Trans>There was an error, please refresh the page and try again</Trans>
      </p>
      <button type="button" onClick={() => window.location.reload()}>
        <Trans>Refresh</Trans>
      </button>
    </div>
  );
}
