// Markdown that tries to run script or load something it should not: each line is one attack
// class (raw tags, event attributes, dangerous URL schemes, entity and whitespace tricks, SVG and
// MathML namespace confusion, mutation XSS, and nesting deep enough to hurt a parser).

/** Set by any payload that manages to run. */
export const XSS_FLAG = '__xss';

const run = (n: number) => `window.${XSS_FLAG}=${n}`;

export const HOSTILE_PAYLOADS: readonly string[] = [
  `<script>${run(1)}</script>`,
  `<img src=x onerror="${run(2)}">`,
  `[plain javascript](javascript:${run(3)})`,
  `[mixed case](JaVaScRiPt:${run(4)})`,
  `[entity](&#106;avascript:${run(5)})`,
  `<a href="jav&#x09;ascript:${run(6)}">tab inside the scheme</a>`,
  `<a href="  javascript:${run(7)}">leading spaces</a>`,
  '[data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![data image](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+)',
  `[vb](vbscript:msgbox(1))`,
  `<svg onload="${run(8)}"><script>${run(9)}</script></svg>`,
  `<svg><a xlink:href="javascript:${run(10)}"><text x="0" y="20">svg link</text></a></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="${run(11)}">`,
  `<iframe src="javascript:${run(12)}"></iframe>`,
  `<object data="javascript:${run(13)}"></object><embed src="javascript:${run(14)}">`,
  `<details open ontoggle="${run(15)}"><summary>toggle</summary></details>`,
  `<form action="javascript:${run(16)}"><button formaction="javascript:${run(17)}">go</button></form>`,
  `<div style="background:url(javascript:${run(18)})">styled</div>`,
  '<base href="javascript:/">',
  `<meta http-equiv="refresh" content="0;url=javascript:${run(19)}">`,
  `<noscript><p title="</noscript><img src=x onerror=${run(20)}>"></noscript>`,
  `<<script>script>${run(21)}<</script>/script>`,
  `<a href="#" onclick="${run(22)}">click handler</a>`,
  `<img src="x" srcset="javascript:${run(23)} 1x">`,
  `<video><source onerror="${run(24)}"></video><audio src=x onerror="${run(25)}"></audio>`,
  `<input autofocus onfocus="${run(26)}">`,
  `[ref link][r]\n\n[r]: javascript:${run(27)}`,
  `<a href="java\u0000script:${run(28)}">nul byte</a>`,
  `${'> '.repeat(2_000)}deep quote`,
  `${'['.repeat(3_000)}brackets${']'.repeat(3_000)}`,
  `${'*'.repeat(5_000)}stars`,
  `${'- '.repeat(1_500)}deep list`,
];

/** Attribute names that run script, and URL attributes whose value must not have a script-like scheme. */
export const URL_ATTRIBUTES = ['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background'];
