import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';

/** The committed site configuration: what an operator installs is what the test runs. */
export const SITE_CONF = 'deploy/nginx/campus-portal.conf';

/** Debian's nginx (in /usr/sbin, often not on a user's PATH), or NGINX_PATH. */
export function findNginx(): string | undefined {
  const candidates = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'];
  return candidates.find((file): file is string => !!file && existsSync(file));
}

export interface NginxPorts {
  https: number;
  http: number;
  upstreams: [number, number];
}

/** Replaces `from` in `text`, which must occur exactly `times` times: the committed file changed shape otherwise. */
function replaceExactly(text: string, from: string, to: string, times: number): string {
  const found = text.split(from).length - 1;
  if (found !== times) {
    throw new Error(`${SITE_CONF}: expected ${times} × "${from}", found ${found}; update the test`);
  }
  return text.split(from).join(to);
}

/**
 * The site configuration with only what a test machine must change: loopback addresses on high
 * ports (IPv6 listeners dropped), the upstream processes' ports and the test's certificate.
 */
export function siteForTest(site: string, ports: NginxPorts, cert: string, key: string): string {
  let conf = site;
  conf = replaceExactly(conf, 'listen [::]:80;', '', 1);
  conf = replaceExactly(conf, 'listen [::]:443 ssl http2;', '', 1);
  conf = replaceExactly(conf, 'listen 80;', `listen 127.0.0.1:${ports.http};`, 1);
  conf = replaceExactly(
    conf,
    'listen 443 ssl http2;',
    `listen 127.0.0.1:${ports.https} ssl http2;`,
    1,
  );
  conf = replaceExactly(
    conf,
    'server 127.0.0.1:8081 ',
    `server 127.0.0.1:${ports.upstreams[0]} `,
    1,
  );
  conf = replaceExactly(
    conf,
    'server 127.0.0.1:8082 ',
    `server 127.0.0.1:${ports.upstreams[1]} `,
    1,
  );
  conf = replaceExactly(conf, '/etc/ssl/certs/campus-portal.pem', cert, 1);
  conf = replaceExactly(conf, '/etc/ssl/private/campus-portal.key', key, 1);
  return conf;
}

/**
 * The main configuration around the site, as Debian's /etc/nginx/nginx.conf has it (compression on
 * for the whole http block, which the site must turn off), with every path in the test's folder.
 */
function mainConf(dir: string, sitePath: string): string {
  const lines = [
    // Workers started by root run as nobody, who cannot enter the test's private folder.
    ...(process.getuid?.() === 0 ? [`user ${userInfo().username};`] : []),
    'worker_processes 1;',
    'daemon off;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 256; }',
    'http {',
    `  access_log ${dir}/access.log;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `  ${kind}_temp_path ${dir}/${kind}_temp;`,
    ),
    '  default_type application/octet-stream;',
    '  gzip on;',
    '  gzip_proxied any;',
    '  gzip_types text/plain text/css application/javascript application/json;',
    `  include ${sitePath};`,
    '}',
  ];
  return `${lines.join('\n')}\n`;
}

/** A self-signed certificate for 127.0.0.1, made now in `dir` (never committed). */
function selfSignedCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'portal.pem');
  const key = path.join(dir, 'portal.key');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

export interface RunningNginx {
  child: ChildProcess;
  dir: string;
  stop: () => Promise<void>;
}

/** Starts nginx as this user with `-p <dir> -c <generated conf>`; resolves once it accepts TLS. */
export async function startNginx(binary: string, dir: string, ports: NginxPorts) {
  mkdirSync(dir, { recursive: true });
  const { cert, key } = selfSignedCertificate(dir);
  const sitePath = path.join(dir, 'campus-portal.conf');
  writeFileSync(sitePath, siteForTest(readFileSync(SITE_CONF, 'utf8'), ports, cert, key));
  const confPath = path.join(dir, 'nginx.conf');
  writeFileSync(confPath, mainConf(dir, sitePath));
  execFileSync(binary, ['-t', '-q', '-p', dir, '-c', confPath, '-e', `${dir}/error.log`]);
  const child = spawn(binary, ['-p', dir, '-c', confPath, '-e', `${dir}/error.log`], {
    stdio: 'ignore',
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      // QUIT: nginx's graceful stop.
      child.kill('SIGQUIT');
    });
  for (let tries = 0; tries < 100; tries += 1) {
    if (child.exitCode !== null) {
      throw new Error(`nginx exited: ${readFileSync(`${dir}/error.log`, 'utf8')}`);
    }
    if (existsSync(`${dir}/nginx.pid`)) return { child, dir, stop } satisfies RunningNginx;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error('nginx did not start within 10 s');
}
