import * as t from 'io-ts';
import { ProvisionNumberBody, toProvisionInput } from '../../rest/codecs/numbers.js';
import { idText } from '../../rest/codecs/text.js';
import { NUMBER_PAGE, pageEnvelope } from '../../rest/pagination.js';
import { numberView, releasedNumberView } from '../../rest/views/numbers.js';
import { queryString, snakeCased } from '../arguments.js';
import { digitsOrNumber } from '../codecs.js';
import { formatUsd } from '../../../domain/money.js';
import { destroys, outcome, output, projectOf, readOnly, tool, type AnyTool, type ToolContext } from '../tool.js';

/**
 * REST's body, its area code taken as a number too (models send `415` as often as `"415"`), and
 * `confirm`: as on AgentPhone, nothing is bought unless it is true, so a prompt written to preview
 * a purchase never makes one.
 */
const BuyNumberArguments = t.partial({
  ...ProvisionNumberBody.props,
  areaCode: digitsOrNumber(ProvisionNumberBody.props.areaCode, 3, '415'),
  confirm: t.boolean,
});

/** The arguments that buy what a preview described: the same ones, with `confirm: true`. */
const confirmingArguments = (body: t.TypeOf<typeof BuyNumberArguments>) => ({
  country: body.country ?? 'US',
  ...(body.areaCode ? { area_code: body.areaCode } : {}),
  ...(body.agentId ? { agent_id: body.agentId } : {}),
  confirm: true,
});

const preview = (context: ToolContext, body: t.TypeOf<typeof BuyNumberArguments>) =>
  outcome(context.useCases.numbers.previewNumberPurchase.execute(toProvisionInput(projectOf(context), body)), (seen) => {
    const where = seen.areaCode ? ` in area code ${seen.areaCode}` : '';
    const attach = seen.agentId ? ` and attach it to agent ${seen.agentId}` : '';
    const again = confirmingArguments(body);
    return output(
      `Nothing bought yet. This would buy a ${seen.country} number${where}${attach} (for example ${seen.example.phoneNumber}) ` +
        `for ${formatUsd(seen.monthlyPriceCents)} USD a month, charged now from the balance of ${formatUsd(seen.balanceCents)} USD. ` +
        `Confirm with the user, then call buy_number again with ${JSON.stringify(again)}.`,
      {
        confirmed: false,
        country: seen.country,
        areaCode: seen.areaCode,
        agentId: seen.agentId,
        monthlyPriceCents: seen.monthlyPriceCents,
        balanceCents: seen.balanceCents,
        example: { phoneNumber: seen.example.phoneNumber, locality: seen.example.locality, region: seen.example.region },
        confirmWith: again,
      },
    );
  });

export const numberTools: readonly AnyTool[] = [
  tool({
    name: 'list_numbers',
    title: 'List phone numbers',
    description: "List the account's phone numbers (active and released), newest first, with the agent each is attached to.",
    args: queryString(NUMBER_PAGE),
    annotations: readOnly,
    access: 'project',
    run: (context, page) =>
      outcome(context.useCases.numbers.listNumbers.execute({ projectId: projectOf(context), page }), (numbers) =>
        output(`${numbers.items.length} of ${numbers.total} numbers.`, pageEnvelope(numbers, page, numberView)),
      ),
  }),
  tool({
    name: 'buy_number',
    title: 'Buy a phone number',
    description:
      "Buy (provision) a new local phone number, SMS and voice capable; its monthly price is charged to the account's balance. " +
      "`country` (default US), `area_code` asks for a region ('415', or the number 415), `agent_id` attaches it to an agent at once. " +
      'Requires `confirm: true` to buy: without it, nothing is bought and the answer says what the purchase would cost.',
    args: snakeCased(BuyNumberArguments),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    access: 'project',
    run: (context, body) =>
      body.confirm !== true
        ? preview(context, body)
        : outcome(context.useCases.numbers.provisionNumber.execute(toProvisionInput(projectOf(context), body)), (number) =>
            output(`Bought ${number.phoneNumber} (${number.id}).`, { confirmed: true, ...numberView(number) }),
          ),
  }),
  tool({
    name: 'release_number',
    title: 'Release a phone number',
    description:
      'DESTRUCTIVE: release a phone number back to the carrier. The number stops receiving texts and calls at once and ' +
      'cannot be bought back; its messages stay readable. It still counts towards the number limit.',
    args: snakeCased(t.type({ numberId: idText })),
    annotations: { ...destroys, openWorldHint: true },
    access: 'project',
    run: (context, { numberId }) =>
      outcome(context.useCases.numbers.releaseNumber.execute({ projectId: projectOf(context), numberId }), (number) =>
        output(`Released ${number.phoneNumber} (${number.id}).`, releasedNumberView(number)),
      ),
  }),
];
