import * as t from 'io-ts';
import { ProvisionNumberBody, toProvisionInput } from '../../rest/codecs/numbers.js';
import { idText } from '../../rest/codecs/text.js';
import { NUMBER_PAGE, pageEnvelope } from '../../rest/pagination.js';
import { numberView, releasedNumberView } from '../../rest/views/numbers.js';
import { queryString, snakeCased } from '../arguments.js';
import { digitsOrNumber } from '../codecs.js';
import { destroys, outcome, output, projectOf, readOnly, tool, type AnyTool } from '../tool.js';

/** REST's body, its area code taken as a number too: models send `415` as often as `"415"`. */
const BuyNumberArguments = t.partial({ ...ProvisionNumberBody.props, areaCode: digitsOrNumber(ProvisionNumberBody.props.areaCode, 3, '415') });

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
      "`country` (default US), `area_code` asks for a region ('415', or the number 415), `agent_id` attaches it to an agent at once.",
    args: snakeCased(BuyNumberArguments),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    access: 'project',
    run: (context, body) =>
      outcome(context.useCases.numbers.provisionNumber.execute(toProvisionInput(projectOf(context), body)), (number) =>
        output(`Bought ${number.phoneNumber} (${number.id}).`, numberView(number)),
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
