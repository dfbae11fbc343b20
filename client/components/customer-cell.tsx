import { paths } from '../../shared/routes';

/**
 * How staff see who a row is about, in every list (docs/back-office.md#customer-numbers): the name (a link to the
 * customer's page), the e-mail, and the customer number "#id" — the one number staff quote for a customer. An
 * account's number is written as such ("account 5000011"), never with "#", so the two cannot be taken for each other.
 */
export function CustomerCell({ customer, account }: { customer: { id: number; name: string; email: string }; account?: string | null }) {
  return (
    <div>
      <a href={`${paths.adminCustomers}/${customer.id}`}>
        <strong>{customer.name}</strong>
      </a>
      <small className="staff-email">{customer.email}</small>
      <small className="staff-email">
        {customerNumber(customer.id)}
        {account ? ` · account ${account}` : null}
      </small>
    </div>
  );
}

/** The customer number as staff read and quote it. */
export const customerNumber = (id: number) => `Customer #${id}`;
