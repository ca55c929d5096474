/**
 * The widget's styles, inside its shadow root: the page's styles never reach them, nor they the page.
 * The corner is physical on purpose: the team names it (`data-position`, bottom-right unless
 * bottom-left), whatever the direction of its page or of the panel's language.
 */
export const WIDGET_STYLE = `
:host{all:initial}
.launcher{position:fixed;bottom:20px;right:20px;z-index:2147483000;padding:12px 20px;border:0;border-radius:999px;background:#1f2937;color:#fff;font:600 15px/1.2 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;box-shadow:0 4px 16px rgba(0,0,0,.25);cursor:pointer}
.launcher:hover{background:#111827}
.launcher:focus-visible{outline:3px solid #2563eb;outline-offset:3px}
.panel{position:fixed;bottom:80px;right:20px;z-index:2147483001;width:400px;height:600px;max-height:calc(100vh - 100px);border-radius:12px;overflow:hidden;background:#fff;box-shadow:0 12px 40px rgba(0,0,0,.3)}
.left{right:auto;left:20px}
.panel[hidden]{display:none}
iframe{display:block;width:100%;height:100%;border:0}
@media (max-width:480px){.panel{inset:0;width:auto;height:auto;max-height:none;border-radius:0}}
@media (prefers-color-scheme:dark){.panel{background:#111827}}
`;
