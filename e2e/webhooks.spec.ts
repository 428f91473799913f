// Webhooks (issue #21): add a webhook from Settings → Webhooks pointing at a receiver on a loopback
// port (the e2e server allows loopback, FORGE_WEBHOOK_ALLOWED_HOST_LIST in scripts/e2e-server.mjs),
// open an issue, and see the delivery both at the receiver (signed with the secret) and on the page.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect, createUser, createRepo, screenshots, rand, apiAs, signInWithCookie } from './fixtures';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { received, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, close: () => server.close() };
}

test('add a webhook and see its delivery', async ({ page, request }) => {
  const receiver = await startReceiver();
  try {
    const user = await createUser(request, 'hooker');
    const repo = await createRepo(request, user, { name: rand('hooks'), auto_init: true, default_branch: 'main' });
    await signInWithCookie(page, user);
    await page.goto(`/${user.username}/${repo.name}/settings/hooks`);
    await expect(page.getByRole('heading', { name: 'No webhooks yet' })).toBeVisible();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByLabel('Target URL').fill(receiver.url);
    await page.getByLabel('Secret').fill('s3cret-value');
    await page.getByRole('radio', { name: 'All events' }).check();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await expect(page.getByRole('heading', { name: `Webhook ${receiver.url}` })).toBeVisible();
    await expect(page.getByText('No deliveries yet. Trigger an event or send a test delivery.')).toBeVisible();

    // An issue opened through the API reaches the receiver as Gitea's issues payload, signed.
    const issue = await apiAs(request, user, 'POST', `/repos/${user.username}/${repo.name}/issues`, { title: 'Hooked issue' });
    await expect.poll(() => receiver.received.find((r) => r.headers['x-gitea-event'] === 'issues'), { timeout: 20_000 }).toBeTruthy();
    const got = receiver.received.find((r) => r.headers['x-gitea-event'] === 'issues')!;
    const signature = crypto.createHmac('sha256', 's3cret-value').update(got.body).digest('hex');
    expect(got.headers['x-gitea-signature']).toBe(signature);
    expect(got.headers['x-hub-signature-256']).toBe(`sha256=${signature}`);
    const payload = JSON.parse(got.body);
    expect(payload).toMatchObject({ action: 'opened', issue: { number: issue.number, title: 'Hooked issue' }, repository: { name: repo.name } });
    expect(JSON.stringify(payload)).not.toContain('s3cret-value');

    // The page lists the delivery with the request sent and the receiver's answer.
    await expect(async () => {
      await page.reload();
      await expect(page.getByText('Succeeded').first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await page.getByText('Succeeded').first().click();
    await expect(page.getByRole('region', { name: 'Response' }).first()).toContainText('thanks');
    await expect(page.getByRole('region', { name: 'Request' }).first()).toContainText(receiver.url);

    // A test delivery goes out as a push of the latest commit.
    await page.getByRole('button', { name: 'Test delivery' }).click();
    await expect.poll(() => receiver.received.some((r) => r.headers['x-gitea-event'] === 'push'), { timeout: 20_000 }).toBe(true);
    await screenshots(page, 'webhooks-settings');
  } finally {
    receiver.close();
  }
});
