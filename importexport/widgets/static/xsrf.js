// Lets Voila shut this page's kernel down when the page is closed. Voila's page sends the
// shutdown with the "_xsrf" cookie as its token, but the page itself never sets that cookie, so
// the request was refused and every closed page left its kernel running. Tornado checks that the
// token sent equals the cookie (another site can neither read nor set this site's cookie), so a
// fresh random cookie, set here once per browser, is all the check needs.
function render({ el }) {
  el.style.display = "none";
  if (!/(^|;\s*)_xsrf=/.test(document.cookie)) {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    const token = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    document.cookie = `_xsrf=${token}; path=/; SameSite=Strict`;
  }
}
export default { render };
