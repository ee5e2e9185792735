/** The playground page's own style (the panels add theirs): one light theme, no web fonts. */
export const PLAYGROUND_STYLE = /* css */ String.raw`
  :root { --ink:#1d2433; --muted:#6b7385; --line:#dfe3ea; --accent:#3b5bdb; --agent:#eef2ff; --user:#f1f8f4; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: #f7f8fb; }
  header { padding: 14px 24px; background: #fff; border-bottom: 1px solid var(--line); display: flex; align-items: baseline; gap: 12px; }
  header h1 { font-size: 18px; margin: 0; }
  header span { color: var(--muted); font-size: 13px; }
  main { display: grid; grid-template-columns: 340px 1fr; gap: 20px; padding: 20px 24px; max-width: 1100px; }
  section { background: #fff; border: 1px solid var(--line); border-radius: 10px; padding: 16px; }
  h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); margin: 0 0 10px; }
  label { display: block; font-size: 13px; color: var(--muted); margin: 10px 0 4px; }
  input, select, button { font: inherit; }
  input[type=text], input[type=password], select { width: 100%; padding: 8px 10px; border: 1px solid var(--line); border-radius: 6px; background: #fff; }
  button { padding: 8px 14px; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent); color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: var(--accent); }
  button:disabled { opacity: .45; cursor: default; }
  .row { display: flex; gap: 8px; margin-top: 10px; align-items: center; }
  .row > input[type=text] { flex: 1; }
  #status { margin-top: 12px; font-size: 13px; color: var(--muted); min-height: 1.4em; }
  #status.error, #text-status.error { color: #c92a2a; }
  #transcript { list-style: none; margin: 0; padding: 0; min-height: 280px; max-height: 60vh; overflow-y: auto; }
  #transcript li { margin: 8px 0; padding: 8px 12px; border-radius: 8px; max-width: 80%; }
  #transcript li[data-role=user] { background: var(--user); margin-left: auto; }
  #transcript li[data-role=agent] { background: var(--agent); }
  #transcript li[data-role=notice] { background: #fff4e6; color: #7a4100; font-size: 13px; max-width: 100%; }
  #transcript li[data-role=notice] .fix { display: block; margin-top: 4px; }
  #transcript li .who { display: block; font-size: 11px; color: var(--muted); text-transform: uppercase; letter-spacing: .05em; }
  #transcript li.interrupted::after { content: " (interrupted)"; color: var(--muted); font-size: 12px; }
  #transcript .waterfall { display: block; margin-top: 4px; font-size: 11px; color: var(--muted); }
  #transcript .waterfall .bar { display: block; height: 4px; margin: 2px 0; border-radius: 2px; background: var(--muted); opacity: .6; }
  #transcript .waterfall .bar.text { opacity: 1; }
  #agent-said { margin-top: 12px; padding: 10px 12px; background: var(--agent); border-radius: 8px; min-height: 2.6em; }
  .hint { font-size: 12px; color: var(--muted); margin-top: 8px; }
  .call-id { font-family: ui-monospace, monospace; font-size: 12px; color: var(--muted); text-transform: none; letter-spacing: 0; margin-left: 8px; }
  .spaced { margin-top: 16px; }
  label.inline { margin: 0; }
  .warning { margin-top: 12px; padding: 10px 12px; border-radius: 8px; background: #fff4e6; color: #7a4100; font-size: 13px; }
  .warning code { font-size: 12px; }
  ul.plain { list-style: none; margin: 8px 0 0; padding: 0; font-size: 13px; }
  ul.plain li { padding: 6px 0; border-top: 1px solid var(--line); display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
  ul.plain li span { flex: 1; }
  ul.plain li[data-direction=outbound] { color: var(--accent); }
  button.small { padding: 4px 10px; font-size: 13px; }
`;
