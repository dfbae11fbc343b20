/** The hosted pages' one stylesheet, served from the sandbox's own origin (its CSP allows no inline style). */
export const stylesheet = `
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a1f36; background: #f6f8fb; }
.banner { background: #ffd84d; color: #3d2e00; text-align: center; padding: .5rem 1rem; font-weight: 600; }
main { max-width: 30rem; margin: 2rem auto; padding: 0 1rem; }
.card { background: #fff; border: 1px solid #e3e8ee; border-radius: 8px; padding: 1.5rem; margin-bottom: 1rem; }
.merchant { font-size: .9rem; color: #697386; margin: 0; }
h1 { font-size: 1.6rem; margin: .25rem 0; }
.description { color: #3c4257; margin: 0 0 1rem; }
label { display: block; font-weight: 600; margin-top: 1rem; font-size: .9rem; }
input[type=text] { width: 100%; padding: .6rem .7rem; border: 1px solid #c1c9d2; border-radius: 6px; font: inherit; margin-top: .25rem; }
input[aria-invalid=true] { border-color: #df1b41; }
.row { display: flex; gap: 1rem; }
.row > div { flex: 1; }
.error { color: #df1b41; font-size: .85rem; margin: .25rem 0 0; }
button { width: 100%; margin-top: 1.5rem; padding: .75rem; border: 0; border-radius: 6px; background: #635bff; color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
button.secondary { background: #fff; color: #df1b41; border: 1px solid #df1b41; margin-top: .75rem; }
a { color: #635bff; }
.cancel { display: block; text-align: center; margin-top: 1rem; }
table { width: 100%; border-collapse: collapse; font-size: .9rem; }
th, td { text-align: left; padding: .35rem .25rem; border-bottom: 1px solid #e3e8ee; }
td code { white-space: nowrap; }
.notice { border-left: 4px solid #df1b41; padding-left: 1rem; }
.notice.ok { border-color: #09825d; }
`;
