/**
 * The playground's Tests panel: the scenario tests of the agent chosen above
 * (GET /v1/agents/{id}/tests), a button that runs them on the server (POST /v1/test-runs), and
 * the run read again every second until it is over (GET /v1/test-runs/{id}): each scenario's
 * verdict and, for one that did not pass, its failed expectations, its error and its transcript.
 *
 * Like the Campaigns panel, a piece of the playground page: its script runs inside the page's
 * own function, with its `$`, `api`, `state` and `status`, under the same nonce.
 */

export const TESTS_STYLE = /* css */ `
  #tests { grid-column: 1 / -1; }
  #test-results li { display: block; border-top: 1px solid var(--line); padding: 6px 0; }
  #test-results .verdict { font-weight: 600; margin-right: 6px; }
  #test-results .verdict.passed { color: #1a7f37; }
  #test-results .verdict.failed, #test-results .verdict.errored { color: #c62828; }
  #test-results ul.why { margin: 4px 0 0 18px; font-size: 13px; }
  #test-results pre.transcript { font-size: 12px; background: #f7f8fb; border: 1px solid var(--line); border-radius: 6px; padding: 6px 8px; margin: 4px 0 0; white-space: pre-wrap; }
`;

export const TESTS_PANEL = /* html */ `<section class="spaced" id="tests">
    <h2>Tests</h2>
    <p class="hint">The scenario tests of the agent chosen above (docs/testing.md), run on the server on a simulated carrier: nothing they do reaches the project's calls or texts.</p>
    <div class="row"><button id="load-tests" class="secondary">Load tests</button> <button id="run-tests" disabled>Run tests</button> <span id="test-run-status" class="hint"></span></div>
    <ul id="test-list" class="plain" aria-label="Tests"></ul>
    <ul id="test-results" class="plain" aria-label="Results"></ul>
  </section>`;

export const TESTS_SCRIPT = /* js */ `
  var tests = { timer: null, runId: null };

  var chosenAgent = function () { return $('agent').value; };

  var element = function (tag, text, className) {
    var node = document.createElement(tag);
    if (text != null) node.textContent = text;
    if (className) node.className = className;
    return node;
  };

  var showResult = function (result) {
    var item = element('li');
    item.dataset.testId = result.testId;
    item.appendChild(element('span', result.verdict, 'verdict ' + result.verdict));
    item.appendChild(element('span', result.name, 'name'));
    if (result.verdict !== 'passed') {
      var why = element('ul', null, 'why');
      if (result.error) why.appendChild(element('li', result.error, 'error'));
      result.expectations.filter(function (e) { return !e.passed; }).forEach(function (e) { why.appendChild(element('li', e.message, 'failed-expectation')); });
      item.appendChild(why);
      if (result.transcript.length > 0) item.appendChild(element('pre', result.transcript.join('\\n'), 'transcript'));
    }
    return item;
  };

  var showRun = function (run) {
    var c = run.counts;
    $('test-run-status').textContent = 'Run ' + run.status + ': ' + c.passed + ' passed, ' + c.failed + ' failed, ' + c.errored + ' errored of ' + c.total + '.';
    var list = $('test-results');
    list.innerHTML = '';
    run.results.forEach(function (result) { list.appendChild(showResult(result)); });
  };

  var followRun = function (id) {
    clearTimeout(tests.timer);
    return api('GET', '/v1/test-runs/' + encodeURIComponent(id)).then(function (run) {
      if (tests.runId !== id) return;
      showRun(run);
      if (run.status === 'queued' || run.status === 'running') tests.timer = setTimeout(function () { followRun(id); }, 1000);
      else $('run-tests').disabled = false;
    }).catch(function (error) { status(error.message, true); $('run-tests').disabled = false; });
  };

  var loadTests = function () {
    state.key = $('api-key').value.trim();
    var agent = chosenAgent();
    if (!agent) { status('Choose an agent first.', true); return Promise.resolve(); }
    return api('GET', '/v1/agents/' + encodeURIComponent(agent) + '/tests?limit=100').then(function (page) {
      var list = $('test-list');
      list.innerHTML = '';
      if (page.data.length === 0) list.appendChild(element('li', 'No tests yet (add some with POST /v1/agents/{id}/tests).'));
      page.data.forEach(function (test) { list.appendChild(element('li', test.name)); });
      $('run-tests').disabled = page.data.length === 0;
    }).catch(function (error) { status(error.message, true); });
  };

  $('load-tests').addEventListener('click', loadTests);
  $('run-tests').addEventListener('click', function () {
    $('run-tests').disabled = true;
    $('test-results').innerHTML = '';
    api('POST', '/v1/test-runs', { agentId: chosenAgent() }).then(function (run) {
      tests.runId = run.id;
      showRun(run);
      return followRun(run.id);
    }).catch(function (error) { status(error.message, true); $('run-tests').disabled = false; });
  });
`;
