// A loopback SMTP sink in its own process for the delivery benchmark: prints its URL, then counts.
import { startCountingSmtp } from '../../tests/helpers/counting-smtp';

const smtp = await startCountingSmtp({ keepSamples: 0 });
process.stdout.write(`${smtp.url}\n`);
process.on('message', (m) => {
  if (m === 'count') process.send?.({ accepted: smtp.accepted(), recipients: smtp.byRecipient.size });
});
