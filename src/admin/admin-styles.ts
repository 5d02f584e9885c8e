/** The back-office's styles (see main.tsx for why they are not an imported stylesheet). */
export const ADMIN_STYLES = `
:root { font-family: system-ui, sans-serif; color: #1a1a1a; background: #f6f7f9; line-height: 1.4; }
body { margin: 0; }
a { color: #0b4f9c; }
:focus-visible { outline: 3px solid #0b4f9c; outline-offset: 2px; }
button, input, select { font: inherit; min-height: 44px; }
button { padding: 0 1rem; border: 1px solid #3b4452; border-radius: 6px; background: #fff; color: #1a1a1a; cursor: pointer; }
button.primary { background: #14325c; color: #fff; border-color: #14325c; }
button.danger { background: #a4161a; color: #fff; border-color: #a4161a; }
button:disabled { opacity: .55; cursor: not-allowed; }
input, select { padding: 0 .5rem; border: 1px solid #596273; border-radius: 6px; background: #fff; }
label { display: flex; flex-direction: column; gap: .25rem; font-weight: 600; }
label.inline { flex-direction: row; align-items: center; gap: .5rem; min-height: 44px; font-weight: 400; }
input[type='checkbox'] { min-height: 0; width: 1.5rem; height: 1.5rem; margin: 0; }
main { padding: 1rem 1.5rem 3rem; max-width: 1280px; margin: 0 auto; box-sizing: border-box; }
.admin-header { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1.5rem; padding: .5rem 1.5rem; background: #14325c; color: #fff; }
.admin-header a { color: #fff; }
.admin-header a.active { font-weight: 700; text-decoration-thickness: 3px; }
.admin-header ul { display: flex; gap: 1rem; list-style: none; margin: 0; padding: 0; flex-wrap: wrap; }
.admin-title { font-weight: 700; margin: 0; }
.connection { margin: 0 0 0 auto; }
.sign-in { max-width: 28rem; }
.sign-in form, dialog form { display: flex; flex-direction: column; gap: .75rem; }
form.import { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem .75rem; }
form.import label { flex-basis: 100%; }
form.import input[type='file'] { padding: .5rem; }
.filters { display: grid; grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr)); gap: .75rem; align-items: end; margin-bottom: 1rem; }
table { border-collapse: collapse; width: 100%; background: #fff; }
th, td { text-align: left; padding: .5rem; border-bottom: 1px solid #d5d9e0; vertical-align: top; }
td button { white-space: nowrap; }
.long, .endpoints li, code { overflow-wrap: anywhere; }
.pager { display: flex; gap: 1rem; align-items: center; margin-top: 1rem; }
.status { font-weight: 700; }
.waiting { color: #6b4e00; }
.refusal { color: #a4161a; font-weight: 700; }
.refusal-box { border: 3px solid #a4161a; background: #fdecec; padding: .5rem 1rem; margin: 1rem 0; display: flex; gap: 1rem; align-items: center; justify-content: space-between; }
.buttons { display: flex; gap: .75rem; flex-wrap: wrap; }
.actions, .scan { background: #fff; border: 1px solid #d5d9e0; border-radius: 8px; padding: .5rem 1rem 1rem; margin: 1rem 0; }
.scan input { width: 100%; max-width: 24rem; font-size: 1.25rem; }
.scan-said { min-height: 1.5em; font-size: 1.25rem; }
.scan-said.loud { background: #a4161a; color: #fff; padding: .75rem 1rem; border-radius: 6px; }
.camera video { display: block; width: 100%; max-width: 28rem; margin-top: .5rem; }
tr.picked { background: #e6f4ea; }
.facts { display: grid; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); gap: 1rem; margin: 1rem 0; }
dl { display: grid; grid-template-columns: auto auto; gap: .25rem 1rem; margin: 0; }
dd { margin: 0; text-align: right; }
dialog { border: 1px solid #3b4452; border-radius: 8px; max-width: 32rem; width: calc(100% - 2rem); }
dialog::backdrop { background: rgb(0 0 0 / 45%); }
progress { width: 100%; height: 1.5rem; }
.pick-sheet { background: #fff; padding: 1rem; margin: 1rem 0; }
.pick-head { display: flex; justify-content: space-between; gap: 1rem; align-items: flex-start; }
.barcode { max-width: 16rem; height: auto; }
.tick-box { width: 2rem; border: 1px solid #1a1a1a; }
@media (max-width: 900px) {
  main { padding: 1rem; }
  .orders th:nth-child(4), .orders td:nth-child(4) { display: none; }
}
@page { size: A4; margin: 12mm; }
@media print {
  :root { background: #fff; }
  .no-print { display: none !important; }
  main { padding: 0; max-width: none; }
  .pick-sheet { margin: 0; padding: 0; break-after: page; }
  .pick-sheet:last-child { break-after: auto; }
}
`;
