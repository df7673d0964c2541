// What the API says once a call did its work, and the refusals that belong to no one resource's
// schema. Each is a message code (the constant's name) with its English text; the screens show the
// translation of the code in the reader's language.

export const STORE_CREATED = 'Store created successfully!';
export const STORE_UPDATED = 'Store updated successfully!';
export const STORE_DELETED = 'Store deleted successfully!';
export const BOOKS_CLOSED = 'Books closed.';
export const BOOKS_REOPENED = 'Books reopened.';
export const STORE_NOT_FOUND = 'Store not found';
export const STORE_CHOICE_NEEDED = 'Please choose a store.';
export const STORE_NONE_ASSIGNED = 'You are not assigned to a store.';

/** A store named by name where two stores share it. */
export function storeNameAmbiguous(name: string): string {
  return `More than one store is named "${name}"; choose it by storeId.`;
}

export const MATERIAL_SAVED = 'Product saved successfully!';
export const MATERIAL_UPDATED = 'Product updated successfully!';
export const MATERIAL_DELETED = 'Product deleted successfully!';
export const REMARKS_UPDATED = 'Remarks updated successfully';
export const TOOL_SAVED = 'Tool added successfully!';

export function materialNameTaken(name: string): string {
  return `A material named "${name}" already exists in this store.`;
}

export function toolNameTaken(name: string): string {
  return `A tool named "${name}" already exists in this store.`;
}

export const INVENTORY_ENTRY_ADDED = 'Inventory entry added successfully!';
export const INVENTORY_ENTRY_UPDATED = 'Inventory entry updated successfully!';
export const INVENTORY_ENTRY_DELETED = 'Inventory entry deleted successfully!';
export const SUPPLY_ADDED = 'Supply added successfully';
export const SUPPLY_UPDATED = 'Supply updated successfully';
export const DELIVERY_NOT_FOUND = 'Delivery not found';
export const DELIVERY_WOULD_GO_NEGATIVE =
  'This change would take back stock that has already been issued or damaged, so the stock would go below zero.';
export const DAY_IN_FUTURE = 'The date cannot be in the future.';

export const USER_CREATED = 'User Created Successfully';
export const USER_DELETED = 'User deleted successfully!';
export const USER_NOT_FOUND = 'User not found';
export const USER_STORE_NOT_FOUND = 'The selected store does not exist.';
export const USER_CANNOT_DELETE_SELF = 'You cannot delete your own account.';
export const OWN_PASSWORD_NEEDS_CURRENT = 'Change your own password under Change Password, with your current password.';
export const PASSWORD_CHANGED = 'Password changed successfully!';
export const PASSWORD_TOO_COMMON = 'This password is one of the most common ones. Please choose one that is harder to guess.';
export const LOGGED_OUT = 'Logged out successfully';
export const UNKNOWN_USER = 'Unknown user';

/** How many sessions a sign-out ended. */
export function sessionsSignedOut(count: number): string {
  return count === 1 ? 'Signed out 1 session.' : `Signed out ${count} sessions.`;
}

/** Sign-in refused for a while after too many failures. */
export function tooManySignIns(minutes: number): string {
  return `Too many failed sign-in attempts. Please wait ${minutes} minutes and try again.`;
}

export const NOT_SIGNED_IN = 'Unauthorized! Token is missing.';
export const SESSION_ENDED = 'Your session has ended. Please log in again.';
export const API_TOKEN_NOT_VALID = 'This API token is not valid or has been revoked.';
export const NO_PERMISSION = 'You do not have permission to do this.';

export function apiTokenRateLimited(seconds: number): string {
  return `Too many requests with this API token. Try again in ${seconds} seconds.`;
}

export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used for a different request.';
export const IDEMPOTENCY_KEY_INVALID = 'The Idempotency-Key header must be 1 to 200 visible ASCII characters.';
export const VALUE_CANNOT_BE_STORED = 'The request contains a value that cannot be stored.';
export const SERVER_TOO_SLOW = 'The server took too long to answer. Please try again.';
export const ADDRESS_NOT_VALID = 'The address of the request is not valid.';
export const HEADERS_TOO_LARGE = 'The request headers are too large.';
export const CHANGED_AT_ONCE = 'Someone else changed this at the same moment. Please try again.';
export const INVALID_REQUEST = 'Invalid request';
export const INVALID_VALUE = 'Invalid value';
export const SERVER_FAILED = 'Something went wrong on the server. Please try again.';
export const ROUTE_NOT_FOUND = 'There is nothing at this address.';
export const DATABASE_UNREACHABLE = 'The database is not reachable.';
export const MIGRATIONS_PENDING = 'The database is not yet up to date with this version of the app.';
export const METRICS_TOKEN_REQUIRED = 'Send the metrics token as a bearer token.';

export const COUNT_STARTED = 'Count started.';
export const COUNT_LINE_ENTERED = 'Counted.';
export const COUNT_SUBMITTED = 'Count submitted.';
export const COUNT_POSTED = 'Count posted.';
export const COUNT_CANCELLED = 'Count cancelled.';
export const COUNT_SOME_ITEM_BUSY = 'One of these items is already in an open count. Post or cancel that count first.';

export const WORKER_ADDED = 'Worker added';
export const WORKER_UPDATED = 'Worker updated';
export const DUE_IN_PAST = 'The due date cannot be in the past.';

export const REORDER_POINT_SAVED = 'Reorder point saved';
export const REORDER_POINT_REMOVED = 'Reorder point removed';
export const REORDER_POINT_NONE = 'This material has no reorder point.';
export const NOTIFICATION_READ = 'Marked as read';
export const NOTIFICATIONS_ALL_READ = 'All marked as read';

export const REQUEST_APPROVED = 'Request approved: a draft transfer is ready to dispatch.';
export const REQUEST_REJECTED = 'Request rejected.';
export const REQUEST_CANCELLED = 'Request cancelled.';
export const APPROVAL_LINE_UNKNOWN = 'A line of the approval is not a line of this request.';
export const TRANSFER_ITEM_REPEATED = 'Each item may appear once in a transfer.';
export const TRANSFER_SENDER_ONLY = 'Only a keeper of the sending store or an admin can do this.';
export const TRANSFER_RECEIVER_ONLY = 'Only a keeper of the receiving store or an admin can receive this transfer.';

export const PARKED_APPLIED = 'Movement applied.';
export const PARKED_DISCARDED = 'Movement discarded.';

/** A label sheet's skip must leave at least one label on the sheet. */
export function labelSkipTooFar(labels: number): string {
  return `Skip must be less than the ${labels} labels of a sheet.`;
}

/** A problem of one row of an imported file. */
export function importRowProblem(row: number, problem: string): string {
  return `Row ${row}: ${problem}`;
}
