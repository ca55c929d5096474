import { useEffect, useState } from 'preact/hooks';

type Renderer = (source: string) => string;
let renderer: Promise<Renderer> | undefined;

/** The Markdown renderer, loaded once on first use. */
function loadRenderer(): Promise<Renderer> {
  renderer ??= import('../markdown.js').then((m) => m.renderMarkdown);
  return renderer;
}

/** Markdown shown as sanitised HTML (the plain text until the renderer has loaded). */
export function Markdown({ source, class: className = '' }: { source: string; class?: string }) {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    loadRenderer().then((render) => current && setHtml(render(source)));
    return () => {
      current = false;
    };
  }, [source]);
  if (html === null) return <div class={`markdown ${className}`}>{source}</div>;
  return <div class={`markdown ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
