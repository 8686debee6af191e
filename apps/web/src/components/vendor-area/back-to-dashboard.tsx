import { BackLink } from '../ui/back-link';

/** The link back to the dashboard at the top of every page of the vendor area. */
export function BackToDashboard() {
  return <BackLink to="/vendor/dashboard">Zum Dashboard</BackLink>;
}
