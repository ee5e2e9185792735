/**
 * The browser call playground, served at `{base}/playground` as one self-contained page (no
 * build step, nothing fetched but the API itself and the Twilio SDK copy served next to it;
 * embedded as a string so `dist` has it too). Its inline script and style carry the nonce of
 * the response's Content-Security-Policy: nothing else runs.
 *
 * It asks for an API key, lists the agents (GET /v1/agents), starts a web call
 * (POST /v1/calls/web) and follows the transcript (GET /v1/calls/{id}/transcript/stream, read
 * with fetch because EventSource cannot send the key). The caller's side:
 * - simulated carrier: the server's own browser client, the WebSocket
 *   `{base}/simulated/web-call?token=…` (frames as ConversationRelay: `prompt` in, `text` out);
 *   the caller types, or speaks where the browser has the Web Speech API, and the agent's
 *   answers are shown and, if asked, read aloud (speechSynthesis);
 * - Twilio: the access token is a Voice SDK JWT; the page loads the Twilio Voice JS SDK from
 *   `{base}/playground/twilio-voice-sdk.js` (the installed @twilio/voice-sdk package's bundle)
 *   and calls `new Twilio.Device(token).connect()`: microphone and speaker are the call's audio.
 * On the simulated carrier, a third panel plays the other party of texts and outbound calls
 * (see simulated-panel.ts). A caller turn the agent leaves unanswered (the stream's
 * `unanswered`: no webhook, a failing one, the model…) shows in the transcript with its fix.
 * A hosted agent on a server with no language model gets a warning that says how to add one.
 * Below, the Campaigns panel follows the project's campaigns (see campaigns-panel.ts).
 */
import { CAMPAIGNS_PANEL, CAMPAIGNS_SCRIPT, CAMPAIGNS_STYLE } from './campaigns-panel.js';
import { SIMULATED_PANEL, SIMULATED_SCRIPT } from './simulated-panel.js';

export const renderPlaygroundPage = (page: {
  /** The Content-Security-Policy nonce of this response. */
  readonly nonce: string;
  /** Where the Twilio Voice SDK is, below the base path (e.g. `/playground/twilio-voice-sdk.js?v=2.18.5`). */
  readonly twilioSdkPath: string;
  /** The page's icon, relative to the page's own address (so it holds below any base path). */
  readonly faviconPath: string;
  /** The server runs on the simulated carrier: the page shows its controls (texts in, outbound calls answered). */
  readonly simulatedCarrier?: boolean;
  /** A language model is configured (LLM_BASE_URL): without one, the page warns that hosted agents only apologise. */
  readonly hostedModel?: boolean;
}): string => /* html */ String.raw`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Switchboard playground</title>
<link rel="icon" type="image/svg+xml" href="${page.faviconPath}">
<style nonce="${page.nonce}">
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
${CAMPAIGNS_STYLE}
</style>
</head>
<body>
<header><h1>Switchboard playground</h1><span>Call an agent from the browser</span></header>
<main>
  <div>
    <section>
      <h2>1 &middot; Project</h2>
      <label for="api-key">API key</label>
      <input id="api-key" type="password" placeholder="sk_live_…" autocomplete="off">
      <div class="row"><button id="load-agents">Load agents</button></div>
      <label for="agent">Agent</label>
      <select id="agent" disabled><option value="">Load the agents first</option></select>
      <div id="hosted-warning" class="warning" hidden>This agent is <b>hosted</b>, and this server has no language model:
        every turn gets the apology. Set <code>LLM_BASE_URL</code> (and <code>LLM_MODEL</code>) to any OpenAI-compatible
        server and restart: a local Ollama (<code>LLM_BASE_URL=http://127.0.0.1:11434/v1 LLM_MODEL=llama3.2</code>),
        llama.cpp's or vLLM's server URL, or a hosted one (with <code>LLM_API_KEY</code>).</div>
    </section>
    <section class="spaced">
      <h2>2 &middot; Call</h2>
      <div class="row">
        <button id="start-call" disabled>Start web call</button>
        <button id="hang-up" class="secondary" disabled>Hang up</button>
      </div>
      <div class="row"><label class="inline"><input id="speak-answers" type="checkbox"> Read the agent's answers aloud</label></div>
      <div id="carrier" class="hint"></div>
      <div id="status" role="status"></div>
    </section>
    ${page.simulatedCarrier ? SIMULATED_PANEL : ''}
  </div>
  <section>
    <h2>Transcript <span id="call-id" class="call-id"></span></h2>
    <ul id="transcript" aria-live="polite"></ul>
    <form id="say-form" class="row">
      <input id="say" type="text" placeholder="Say something as the caller…" autocomplete="off" disabled>
      <button id="send" type="submit" disabled>Send</button>
      <button id="mic" type="button" class="secondary" disabled hidden title="Speak (Web Speech API)">Speak</button>
    </form>
    <h2 class="spaced">Agent</h2>
    <div id="agent-said"></div>
    <h2 class="spaced">Analysis</h2>
    <pre id="analysis" class="hint">Shown after the call, when the agent has post-call analysis on.</pre>
  </section>
  ${CAMPAIGNS_PANEL}
</main>
<script nonce="${page.nonce}">
(function () {
  'use strict';
  var base = location.pathname.replace(/\/playground\/?$/, '');
  var hostedModel = ${page.hostedModel ? 'true' : 'false'};
  var simulatedCarrier = ${page.simulatedCarrier ? 'true' : 'false'};
  var $ = function (id) { return document.getElementById(id); };
  var state = { key: '', callId: null, socket: null, device: null, twilioCall: null, stream: null, turns: {}, answer: '', agents: {}, answered: false };

  var status = function (text, error) { $('status').textContent = text; $('status').className = error ? 'error' : ''; };
  var api = function (method, path, body) {
    return fetch(base + path, {
      method: method,
      headers: Object.assign({ Authorization: 'Bearer ' + state.key }, body ? { 'Content-Type': 'application/json' } : {}),
      body: body ? JSON.stringify(body) : undefined,
    }).then(function (response) {
      return response.text().then(function (text) {
        var json = text ? JSON.parse(text) : null;
        if (!response.ok) throw new Error((json && json.error && json.error.message) || ('HTTP ' + response.status));
        return json;
      });
    });
  };


  var resetCall = function () {
    if (state.stream) state.stream.abort();
    $('transcript').innerHTML = '';
    $('agent-said').textContent = '';
    state.turns = {};
    state.answer = '';
    state.answered = false;
  };

${page.simulatedCarrier ? SIMULATED_SCRIPT : ''}
${CAMPAIGNS_SCRIPT}
  if (simulatedCarrier) {
    $('text-form').addEventListener('submit', sendText);
    $('load-outbound').addEventListener('click', loadOutbound);
  }

  $('api-key').value = sessionStorage.getItem('switchboard.apiKey') || '';

  $('load-agents').addEventListener('click', function () {
    state.key = $('api-key').value.trim();
    sessionStorage.setItem('switchboard.apiKey', state.key);
    status('Loading agents…');
    api('GET', '/v1/agents?limit=100').then(function (page) {
      var select = $('agent');
      select.innerHTML = '';
      state.agents = {};
      page.data.forEach(function (agent) {
        state.agents[agent.id] = agent;
        var option = document.createElement('option');
        option.value = agent.id;
        option.textContent = agent.name + ' (' + agent.voiceMode + ')';
        select.appendChild(option);
      });
      select.disabled = page.data.length === 0;
      $('start-call').disabled = page.data.length === 0;
      status(page.data.length === 0 ? 'This project has no agents yet.' : page.data.length + ' agent(s).');
      warnIfHostedWithoutModel();
      if (simulatedCarrier) loadNumbers();
    }).catch(function (error) { status(error.message, true); });
  });

  var warnIfHostedWithoutModel = function () {
    var agent = state.agents[$('agent').value];
    $('hosted-warning').hidden = hostedModel || !agent || agent.voiceMode !== 'hosted';
  };
  $('agent').addEventListener('change', warnIfHostedWithoutModel);

  var render = function (turn) {
    var item = state.turns[turn.id];
    if (!item) {
      item = document.createElement('li');
      item.dataset.role = turn.role;
      state.turns[turn.id] = item;
      $('transcript').appendChild(item);
    }
    item.innerHTML = '';
    var who = document.createElement('span');
    who.className = 'who';
    who.textContent = { user: 'Caller', agent: 'Agent', tool_call: 'Tool call', tool_result: 'Tool result' }[turn.role] || turn.role;
    item.appendChild(who);
    item.appendChild(document.createTextNode(turn.content));
    item.classList.toggle('interrupted', !!turn.interrupted);
    if (state.answered && turn.role === 'agent') $('agent-said').textContent = turn.content;
    $('transcript').scrollTop = $('transcript').scrollHeight;
  };

  // A caller turn the agent did not answer: why, and what to change, in the transcript and the status.
  var renderUnanswered = function (notice) {
    var item = document.createElement('li');
    item.dataset.role = 'notice';
    item.dataset.reason = notice.reason;
    var who = document.createElement('span');
    who.className = 'who';
    who.textContent = 'No answer';
    var fix = document.createElement('span');
    fix.className = 'fix';
    fix.textContent = 'To fix: ' + notice.fix;
    item.appendChild(who);
    item.appendChild(document.createTextNode(notice.message));
    item.appendChild(fix);
    $('transcript').appendChild(item);
    $('transcript').scrollTop = $('transcript').scrollHeight;
    status('The agent did not answer: ' + notice.message, true);
  };

  // Server-Sent Events over fetch: EventSource cannot send the API key.
  var follow = function (callId) {
    var controller = new AbortController();
    state.stream = controller;
    fetch(base + '/v1/calls/' + encodeURIComponent(callId) + '/transcript/stream', {
      headers: { Authorization: 'Bearer ' + state.key, Accept: 'text/event-stream' },
      signal: controller.signal,
    }).then(function (response) {
      if (!response.ok || !response.body) throw new Error('transcript stream: HTTP ' + response.status);
      var reader = response.body.getReader();
      var decoder = new TextDecoder();
      var buffer = '';
      var pump = function () {
        return reader.read().then(function (chunk) {
          if (chunk.done) return;
          buffer += decoder.decode(chunk.value, { stream: true });
          var blocks = buffer.split(/\r?\n\r?\n/);
          buffer = blocks.pop();
          blocks.forEach(function (block) {
            var event = 'message';
            var data = '';
            block.split(/\r?\n/).forEach(function (line) {
              if (line.indexOf('event:') === 0) event = line.slice(6).trim();
              else if (line.indexOf('data:') === 0) data += line.slice(5).trim();
            });
            if (event === 'turn') render(JSON.parse(data));
            if (event === 'unanswered') renderUnanswered(JSON.parse(data));
            if (event === 'ended') ended(JSON.parse(data).status);
          });
          return pump();
        });
      };
      return pump();
    }).catch(function (error) { if (error.name !== 'AbortError') status(error.message, true); });
  };

  var speak = function (text) {
    if (!$('speak-answers').checked || !window.speechSynthesis || !text) return;
    var utterance = new SpeechSynthesisUtterance(text);
    window.speechSynthesis.speak(utterance);
  };

  var inCall = function (on) {
    var canSay = on && (!!state.socket || state.answered);
    $('say').disabled = !canSay;
    $('send').disabled = !canSay;
    $('mic').disabled = !canSay;
    $('hang-up').disabled = !on;
    $('start-call').disabled = on;
    $('agent').disabled = on;
  };

  // The analysis runs after the call: look a few times, while it is pending.
  var showAnalysis = function (callId, triesLeft) {
    api('GET', '/v1/calls/' + encodeURIComponent(callId)).then(function (call) {
      var analysis = call.analysis;
      if (!analysis) { $('analysis').textContent = 'This agent has no post-call analysis (set analysis: true on it).'; return; }
      if (analysis.status === 'pending' && triesLeft > 0) {
        $('analysis').textContent = 'Analysing…';
        setTimeout(function () { showAnalysis(callId, triesLeft - 1); }, 2000);
        return;
      }
      $('analysis').textContent = JSON.stringify(analysis, null, 2);
    }).catch(function (error) { $('analysis').textContent = error.message; });
  };

  var ended = function (callStatus) {
    status('Call ended' + (callStatus ? ' (' + callStatus + ')' : '') + '.');
    state.answered = false;
    if (state.callId) showAnalysis(state.callId, 30);
    inCall(false);
    if (state.socket && state.socket.readyState <= 1) state.socket.close();
    state.socket = null;
  };

  var joinSimulated = function (callId, token) {
    $('carrier').textContent = 'Simulated carrier: this page is the caller (type, or speak where the browser can).';
    var scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
    var socket = new WebSocket(scheme + location.host + base + '/simulated/web-call?token=' + encodeURIComponent(token));
    state.socket = socket;
    socket.onopen = function () { status('In call. Say something.'); inCall(true); $('say').focus(); };
    socket.onmessage = function (message) {
      var frame = JSON.parse(message.data);
      if (frame.type === 'text') {
        state.answer += frame.token;
        $('agent-said').textContent = state.answer;
        if (frame.last) { speak(state.answer); state.answer = ''; }
      } else if (frame.type === 'end') {
        status('The agent ended the call.');
      }
    };
    socket.onclose = function () { if (state.callId === callId) inCall(false); };
    socket.onerror = function () { status('The call connection failed.', true); };
  };

  var joinTwilio = function (token) {
    $('carrier').textContent = 'Twilio: the call runs through the Twilio Voice JS SDK (microphone and speaker).';
    var sdk = base + ${JSON.stringify(page.twilioSdkPath)};
    var start = function () {
      state.device = new window.Twilio.Device(token);
      return state.device.connect().then(function (call) {
        state.twilioCall = call;
        call.on('disconnect', function () { inCall(false); });
        status('In call: speak into your microphone.');
        inCall(true);
      });
    };
    if (window.Twilio && window.Twilio.Device) return start();
    var script = document.createElement('script');
    script.src = sdk;
    script.onload = function () { start().catch(function (error) { status(error.message, true); }); };
    script.onerror = function () { status('Could not load the Twilio Voice SDK from ' + sdk, true); };
    document.head.appendChild(script);
  };

  $('start-call').addEventListener('click', function () {
    var agentId = $('agent').value;
    if (!agentId) return;
    resetCall();
    status('Calling…');
    api('POST', '/v1/calls/web', { agentId: agentId, metadata: { source: 'playground' } }).then(function (created) {
      state.callId = created.callId;
      $('call-id').textContent = created.callId;
      follow(created.callId);
      // A Twilio access token is a JWT (three parts); the simulated carrier's has two.
      if (created.accessToken.split('.').length === 3) joinTwilio(created.accessToken);
      else joinSimulated(created.callId, created.accessToken);
    }).catch(function (error) { status(error.message, true); });
  });

  $('hang-up').addEventListener('click', function () {
    if (state.answered) return hangUpOutbound(state.callId);
    if (state.socket) state.socket.close();
    if (state.device) state.device.disconnectAll();
    inCall(false);
    status('Hung up.');
  });

  var say = function (text) {
    text = text.trim();
    if (text && state.answered) {
      api('POST', '/playground/simulated/calls/' + encodeURIComponent(state.callId) + '/say', { text: text })
        .catch(function (error) { status(error.message, true); });
      return;
    }
    if (!text || !state.socket || state.socket.readyState !== 1) return;
    if (window.speechSynthesis) window.speechSynthesis.cancel();
    state.socket.send(JSON.stringify({ type: 'prompt', voicePrompt: text, last: true }));
  };

  $('say-form').addEventListener('submit', function (event) {
    event.preventDefault();
    say($('say').value);
    $('say').value = '';
  });

  var Recognition = window.SpeechRecognition || window.webkitSpeechRecognition;
  if (Recognition) {
    var recognition = new Recognition();
    recognition.lang = 'en-US';
    recognition.interimResults = false;
    recognition.onresult = function (event) {
      var result = event.results[event.results.length - 1];
      if (result.isFinal) say(result[0].transcript);
    };
    recognition.onend = function () { $('mic').textContent = 'Speak'; };
    $('mic').hidden = false;
    $('mic').addEventListener('click', function () {
      $('mic').textContent = 'Listening…';
      recognition.start();
    });
  }
})();
</script>
</body>
</html>
`;
