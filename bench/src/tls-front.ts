// How a real phone reaches Stockyard: over HTTPS with HTTP/2. A phone needs a secure origin for the
// service worker that keeps it working with no signal, and deploy/haproxy.cfg terminates TLS with
// `alpn h2,http/1.1`. This puts HAProxy with a certificate made for the run in front of the app, and
// tells Chromium to trust that certificate's key.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../e2e/reliability/app-process';
import { haproxyPath } from '../../scripts/cluster-topology';

export type TlsFront = {
  url: string;
  /** The Chromium flag that makes it trust the run's certificate, as it would a real one. */
  chromiumFlag: string;
  stop: () => Promise<void>;
};

function haproxyConfig(port: number, certificate: string, appUrl: string): string {
  const app = new URL(appUrl);
  return [
    'defaults',
    '    mode http',
    '    timeout connect 2s',
    '    timeout client 65s',
    '    timeout server 65s',
    'frontend phones',
    `    bind 127.0.0.1:${port} ssl crt ${certificate} alpn h2,http/1.1`,
    '    default_backend app',
    'backend app',
    `    server app ${app.hostname}:${app.port}`,
    '',
  ].join('\n');
}

/** Whether the app answers its health check through the front (the run's certificate is not checked here). */
function answers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = get(`${url}/api/health`, { rejectUnauthorized: false }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('error', () => resolve(false));
  });
}

async function untilAnswering(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`HAProxy exited with ${child.exitCode}:\n${output()}`);
    if (await answers(url)) return;
    if (Date.now() > deadline) throw new Error(`HAProxy did not answer on ${url}:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function startTlsFront(appUrl: string): Promise<TlsFront> {
  const dir = mkdtempSync(join(tmpdir(), 'stockyard-tls-'));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const certificate = join(dir, 'haproxy.pem');
  writeFileSync(certificate, readFileSync(cert, 'utf8') + readFileSync(key, 'utf8'));
  const spki = new X509Certificate(readFileSync(cert)).publicKey.export({ type: 'spki', format: 'der' });
  const port = await freePort();
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(config, haproxyConfig(port, certificate, appUrl));
  let output = '';
  const child = spawn(haproxyPath(), ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = `https://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await untilAnswering(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    chromiumFlag: `--ignore-certificate-errors-spki-list=${createHash('sha256').update(spki).digest('base64')}`,
    stop,
  };
}
