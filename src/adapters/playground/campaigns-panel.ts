/**
 * The playground's Campaigns panel: the project's campaigns (GET /v1/campaigns), and for the
 * one chosen its status and counts per recipient state (GET /v1/campaigns/{id}, read again every
 * two seconds while it is scheduled or running), the lifecycle buttons
 * (POST /v1/campaigns/{id}/start|pause|resume|cancel), its preview (campaign-preview-panel.ts), its recipients with each attempt's call id
 * and outcome (GET /v1/campaigns/{id}/recipients), and results.csv. The file is fetched with the
 * API key (a plain link cannot send it) and handed to the browser as a download.
 *
 * The markup, style and script are pieces of the playground page: the script runs inside the
 * page's own function, with its `$`, `api`, `state` and `status`, under the same nonce.
 */

import { CAMPAIGN_PREVIEW_BUTTON, CAMPAIGN_PREVIEW_RESULT, CAMPAIGN_PREVIEW_STYLE } from './campaign-preview-panel.js';

export const CAMPAIGNS_STYLE = /* css */ `
  #campaigns { grid-column: 1 / -1; }
  #campaigns .columns { display: grid; grid-template-columns: 300px 1fr; gap: 20px; }
  #campaign-list li { cursor: pointer; }
  #campaign-list li[aria-selected=true] { font-weight: 600; color: var(--accent); }
  #campaign-list li .state { flex: 0; font-size: 12px; color: var(--muted); }
  dl.counts { display: grid; grid-template-columns: repeat(7, 1fr); gap: 6px; margin: 10px 0; }
  dl.counts div { background: #f7f8fb; border: 1px solid var(--line); border-radius: 6px; padding: 6px 8px; text-align: center; }
  dl.counts dt { font-size: 11px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
  dl.counts dd { margin: 0; font-size: 18px; font-weight: 600; }
  table.recipients { width: 100%; border-collapse: collapse; font-size: 13px; margin-top: 10px; }
  table.recipients th, table.recipients td { text-align: left; padding: 5px 6px; border-top: 1px solid var(--line); vertical-align: top; }
  table.recipients th { color: var(--muted); font-weight: 500; }
  table.recipients code { font-size: 12px; }
  #campaign-status { font-weight: 600; }
${CAMPAIGN_PREVIEW_STYLE}`;

const COUNT_CELLS = [
  ['pending', 'Pending'],
  ['inProgress', 'In progress'],
  ['retryScheduled', 'Retry'],
  ['completed', 'Completed'],
  ['failed', 'Failed'],
  ['skipped', 'Skipped'],
  ['total', 'Total'],
]
  .map(([key, label]) => `<div><dt>${label}</dt><dd data-count="${key}">–</dd></div>`)
  .join('');

export const CAMPAIGNS_PANEL = /* html */ `<section class="spaced" id="campaigns">
    <h2>Campaigns</h2>
    <div class="columns">
      <div>
        <div class="row"><button id="load-campaigns" class="secondary">Load campaigns</button></div>
        <ul id="campaign-list" class="plain" role="listbox" aria-label="Campaigns"></ul>
      </div>
      <div id="campaign-detail" hidden>
        <div class="row"><span><b id="campaign-name"></b> &middot; <span id="campaign-status"></span> <span id="campaign-paused" class="hint"></span></span></div>
        <dl class="counts">${COUNT_CELLS}</dl>
        <div class="row">
          <button id="campaign-start" class="small" data-action="start">Start</button>
          <button id="campaign-pause" class="small secondary" data-action="pause">Pause</button>
          <button id="campaign-resume" class="small secondary" data-action="resume">Resume</button>
          <button id="campaign-cancel" class="small secondary" data-action="cancel">Cancel</button>
          ${CAMPAIGN_PREVIEW_BUTTON}
          <a id="campaign-results" href="#" class="hint">Download results.csv</a>
        </div>
        ${CAMPAIGN_PREVIEW_RESULT}
        <table class="recipients">
          <thead><tr><th>Phone number</th><th>Status</th><th>Outcome</th><th>Attempts (call id: outcome)</th><th>Next attempt</th></tr></thead>
          <tbody id="campaign-recipients"></tbody>
        </table>
        <div id="campaign-more" class="hint"></div>
      </div>
    </div>
  </section>`;

/** Which lifecycle moves each status allows (the server decides; this only greys out the rest). */
const MOVES = {
  draft: ['start', 'cancel'],
  scheduled: ['cancel'],
  running: ['pause', 'cancel'],
  paused: ['resume', 'cancel'],
  completed: [],
  cancelled: [],
};

export const CAMPAIGNS_SCRIPT = /* js */ `
  var campaigns = { selected: null, timer: null };
  var MOVES = ${JSON.stringify(MOVES)};
  var RECIPIENTS_SHOWN = 100;

  var cell = function (row, text, code) {
    var td = document.createElement('td');
    if (code) { var c = document.createElement('code'); c.textContent = text; td.appendChild(c); }
    else td.textContent = text;
    row.appendChild(td);
    return td;
  };

  var showCampaign = function (campaign) {
    $('campaign-detail').hidden = false;
    $('campaign-name').textContent = campaign.name;
    $('campaign-status').textContent = campaign.status;
    $('campaign-paused').textContent = campaign.pausedReason ? '(' + campaign.pausedReason + ')' : '';
    var counts = campaign.counts || {};
    Array.prototype.forEach.call(document.querySelectorAll('#campaigns [data-count]'), function (dd) {
      dd.textContent = counts[dd.dataset.count] == null ? '–' : String(counts[dd.dataset.count]);
    });
    var allowed = MOVES[campaign.status] || [];
    Array.prototype.forEach.call(document.querySelectorAll('#campaigns button[data-action]'), function (button) {
      button.disabled = allowed.indexOf(button.dataset.action) < 0;
    });
    var item = document.querySelector('#campaign-list li[data-campaign-id="' + campaign.id + '"] .state');
    if (item) item.textContent = campaign.status;
  };

  var showRecipients = function (page) {
    var body = $('campaign-recipients');
    body.innerHTML = '';
    page.data.forEach(function (recipient) {
      var row = document.createElement('tr');
      row.dataset.recipientId = recipient.id;
      cell(row, recipient.phoneNumber);
      cell(row, recipient.status + (recipient.skipReason ? ' (' + recipient.skipReason + ')' : ''));
      cell(row, recipient.outcome || '');
      var attempts = cell(row, '');
      attempts.className = 'attempts';
      recipient.attempts.forEach(function (attempt) {
        var line = document.createElement('div');
        var id = document.createElement('code');
        id.textContent = attempt.callId;
        line.appendChild(id);
        line.appendChild(document.createTextNode(': ' + (attempt.outcome || 'under way')));
        attempts.appendChild(line);
      });
      cell(row, recipient.nextAttemptAt ? new Date(recipient.nextAttemptAt).toLocaleString() : '');
      body.appendChild(row);
    });
    $('campaign-more').textContent = page.hasMore ? 'The first ' + RECIPIENTS_SHOWN + ' recipients are shown; results.csv has them all.' : '';
  };

  var refreshCampaign = function () {
    var id = campaigns.selected;
    if (!id) return Promise.resolve();
    clearTimeout(campaigns.timer);
    var path = '/v1/campaigns/' + encodeURIComponent(id);
    return Promise.all([api('GET', path), api('GET', path + '/recipients?limit=' + RECIPIENTS_SHOWN)]).then(function (both) {
      if (campaigns.selected !== id) return;
      showCampaign(both[0]);
      showRecipients(both[1]);
      // Follow the progress while calls may be placed; a finished or waiting campaign stays still.
      if (both[0].status === 'running' || both[0].status === 'scheduled') campaigns.timer = setTimeout(refreshCampaign, 2000);
    }).catch(function (error) { status(error.message, true); });
  };

  var selectCampaign = function (id) {
    campaigns.selected = id;
    Array.prototype.forEach.call(document.querySelectorAll('#campaign-list li'), function (li) {
      li.setAttribute('aria-selected', li.dataset.campaignId === id ? 'true' : 'false');
    });
    $('campaign-recipients').innerHTML = '';
    // A preview is of one campaign at one moment: another campaign's is not shown.
    $('campaign-preview-result').hidden = true;
    return refreshCampaign();
  };

  var loadCampaigns = function () {
    state.key = $('api-key').value.trim();
    return api('GET', '/v1/campaigns?limit=100').then(function (page) {
      var list = $('campaign-list');
      list.innerHTML = '';
      if (page.data.length === 0) {
        var none = document.createElement('li');
        none.textContent = 'No campaign yet (create one with POST /v1/campaigns).';
        list.appendChild(none);
      }
      page.data.forEach(function (campaign) {
        var item = document.createElement('li');
        item.dataset.campaignId = campaign.id;
        item.setAttribute('role', 'option');
        var name = document.createElement('span');
        name.textContent = campaign.name;
        var badge = document.createElement('span');
        badge.className = 'state';
        badge.textContent = campaign.status;
        item.appendChild(name);
        item.appendChild(badge);
        item.addEventListener('click', function () { selectCampaign(campaign.id); });
        list.appendChild(item);
      });
      var still = page.data.some(function (c) { return c.id === campaigns.selected; });
      if (still) return selectCampaign(campaigns.selected);
      if (page.data.length > 0) return selectCampaign(page.data[0].id);
      campaigns.selected = null;
      $('campaign-detail').hidden = true;
    }).catch(function (error) { status(error.message, true); });
  };

  Array.prototype.forEach.call(document.querySelectorAll('#campaigns button[data-action]'), function (button) {
    button.addEventListener('click', function () {
      var id = campaigns.selected;
      if (!id) return;
      button.disabled = true;
      api('POST', '/v1/campaigns/' + encodeURIComponent(id) + '/' + button.dataset.action).then(function (campaign) {
        status('Campaign ' + campaign.status + '.');
        return refreshCampaign();
      }).catch(function (error) { status(error.message, true); return refreshCampaign(); });
    });
  });

  $('campaign-results').addEventListener('click', function (event) {
    event.preventDefault();
    var id = campaigns.selected;
    if (!id) return;
    fetch(base + '/v1/campaigns/' + encodeURIComponent(id) + '/results.csv', { headers: { Authorization: 'Bearer ' + state.key } })
      .then(function (response) {
        if (!response.ok) throw new Error('results.csv: HTTP ' + response.status);
        return response.blob();
      })
      .then(function (blob) {
        var url = URL.createObjectURL(blob);
        var link = document.createElement('a');
        link.href = url;
        link.download = id + '-results.csv';
        document.body.appendChild(link);
        link.click();
        link.remove();
        setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
      })
      .catch(function (error) { status(error.message, true); });
  });

  $('load-campaigns').addEventListener('click', loadCampaigns);
  $('load-agents').addEventListener('click', loadCampaigns);
`;
