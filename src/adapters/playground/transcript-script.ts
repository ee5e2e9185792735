/**
 * The playground's transcript view: each turn of the call as it streams, the turns the agent
 * left unanswered with what to change, and the stream itself, read with fetch because
 * EventSource cannot send the API key.
 *
 * A piece of the playground page's script: it runs inside the page's own function, with its
 * `$`, `api`, `state` and `status`, under the same nonce.
 */
export const TRANSCRIPT_SCRIPT = /* js */ String.raw`
  // An answer's latency as a small waterfall: one bar a stage, its length its share of the slowest.
  var waterfall = function (latency) {
    var box = document.createElement('span');
    box.className = 'waterfall';
    var stages = [['token', 'first token', latency.firstTokenMs], ['text', 'first text', latency.firstTextMs], ['tool', 'tools', latency.toolMs || null]];
    var longest = Math.max.apply(null, stages.map(function (s) { return s[2] || 0; }).concat([1]));
    stages.forEach(function (stage) {
      if (stage[2] === null || stage[2] === undefined) return;
      var bar = document.createElement('span');
      bar.className = 'bar ' + stage[0];
      bar.style.width = Math.max(2, Math.round((stage[2] / longest) * 100)) + '%';
      bar.title = stage[1] + ': ' + stage[2] + ' ms';
      box.appendChild(bar);
    });
    box.appendChild(document.createTextNode(stages.filter(function (s) { return s[2] !== null && s[2] !== undefined; }).map(function (s) { return s[1] + ' ' + s[2] + ' ms'; }).join(' · ')));
    return box;
  };

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
    var said = document.createElement('span');
    said.className = 'said';
    said.textContent = turn.content;
    item.appendChild(said);
    if (turn.latency) item.appendChild(waterfall(turn.latency));
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
`;
