/** Your account: placeholder until the page is built. */
export function AccountPage() {
  return (
    <section aria-labelledby="account-title">
      <h1 id="account-title">Your account</h1>
    </section>
  );
}
