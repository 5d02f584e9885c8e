/** The header's account button: login / register when logged out, the account menu when logged in. */
export function AccountButton() {
  return null;
}
