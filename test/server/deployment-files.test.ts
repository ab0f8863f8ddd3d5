/*
 * The deployment recipe in deploy/ and .env.example (README, "Deployment") stays in step with
 * the server: every variable the configuration reads is listed once, nothing else is; nginx's
 * body limit lets through the largest request a route takes; the systemd unit keeps its
 * hardening and runs plain Node.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RETENTION_PERIODS } from '../../src/validation/privacy/retention-periods.ts';
import { largestContentLength } from '../../server/contact-form/multipart-limits.ts';
import { loadConfig } from '../../server/config.ts';
import { OFFSITE_VARIABLES } from '../../server/operations/offsite-settings.ts';
import { createFormRegistry } from '../../server/forms/form-registry.ts';
import { UPLOAD_BODY_LIMIT, UPLOAD_CACHE_CONTROL } from '../../server/media-library/media-library.route.ts';

const configSource = readFileSync('server/config.ts', 'utf8');
const example = readFileSync('.env.example', 'utf8');

/** The variables config.ts reads: every `read…(env, 'NAME'` and `env.NAME`, and the retention periods. */
function variablesTheServerReads(): string[] {
  const names = new Set<string>();
  for (const match of configSource.matchAll(/\(env, '([A-Z][A-Z0-9_]+)'/g)) names.add(match[1] as string);
  for (const match of configSource.matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)) names.add(match[1] as string);
  for (const period of Object.values(RETENTION_PERIODS)) names.add(period.variable);
  // The off-site storage's, read through server/operations/offsite-settings.ts.
  for (const name of OFFSITE_VARIABLES) names.add(name);
  return [...names].sort();
}

function variablesTheExampleLists(): string[] {
  return [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1] as string);
}

describe('.env.example', () => {
  it('lists every variable the server reads, once each, and no other', () => {
    const listed = variablesTheExampleLists();
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(variablesTheServerReads());
  });

  it('has a default and a meaning on every line', () => {
    for (const line of example.split('\n').filter((text) => /^#? ?[A-Z][A-Z0-9_]+=/.test(text))) {
      expect(line, line).toMatch(/=\S*\s+# \S/);
    }
  });

  it('is a configuration the server starts with as it is (every default valid)', () => {
    const env = Object.fromEntries(
      example
        .split('\n')
        .filter((line) => /^[A-Z]/.test(line))
        .map((line) => line.replace(/\s+#.*$/, '').split('=', 2) as [string, string]),
    );
    expect(() => loadConfig(env)).not.toThrow();
  });
});

describe('deploy/nginx', () => {
  const proxyRules = readFileSync('deploy/nginx/visual-displays-proxy.conf', 'utf8');
  const site = readFileSync('deploy/nginx/visual-displays.conf', 'utf8');

  it('lets through the largest request a route takes (the server refuses less, with a code)', () => {
    const limit = /client_max_body_size (\d+)m;/.exec(proxyRules);
    expect(limit).not.toBeNull();
    const registry = createFormRegistry();
    expect(Number(limit?.[1]) * 1024 * 1024).toBeGreaterThan(largestContentLength(registry.all()));
    // A picture uploaded in the console (20 MB and its fields).
    expect(Number(limit?.[1]) * 1024 * 1024).toBeGreaterThan(UPLOAD_BODY_LIMIT);
  });

  it("lets nginx keep an uploaded picture only as long as the server's answer says (a deleted one is gone within a minute)", () => {
    const assets = /location \/assets\/ \{[\s\S]*?\n\}/.exec(proxyRules)?.[0] ?? '';
    // The server's Cache-Control comes before proxy_cache_valid unless nginx is told to ignore it.
    expect(assets).toContain('proxy_cache_valid 200 365d;');
    expect(assets).not.toMatch(/proxy_ignore_headers[^;]*(Cache-Control|Expires|X-Accel-Expires)/i);
    expect(assets).toContain('proxy_cache_revalidate on;');
    // What the server says of an uploaded picture: a minute, never the build's immutable year.
    expect(UPLOAD_CACHE_CONTROL).toBe('public, max-age=60');
  });

  it('passes the client address as the last X-Forwarded-For hop, and logs no address or query', () => {
    expect(proxyRules).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    const format = /log_format visual_displays_private '([^']*)'/.exec(site)?.[1] ?? '';
    expect(format).not.toMatch(/\$remote_addr|\$request\b|\$request_uri|\$args|\$query_string|\$http_x_forwarded_for/);
    // The path as the map leaves it: a stray enrolment token below /admin/api/enrolment/ is not kept
    // (README, "How an owner starts"; nginx-two-servers.ops.test.ts runs it).
    expect(format).not.toMatch(/\$uri\b/);
    expect(format).toContain('$visual_displays_logged_path');
    expect(site).toMatch(/^map \$uri \$visual_displays_logged_path \{/m);
    const accessLogs = [...site.matchAll(/access_log [^;]*;/g)].map((match) => match[0]);
    const serverBlocks = site.split(/\nserver \{/).length - 1;
    expect(accessLogs).toHaveLength(serverBlocks);
    for (const line of accessLogs) expect(line).toMatch(/ visual_displays_private;$/);
  });

  it('sends plain HTTP to HTTPS', () => {
    expect(site).toMatch(/listen 80;[\s\S]*return 301 https:\/\//);
    expect(site).toMatch(/listen 443 ssl/);
  });
});

describe('deploy/systemd', () => {
  const unit = readFileSync('deploy/systemd/visual-displays.service', 'utf8');

  it('runs plain Node as its own user, restarts on failure, with the hardening options', () => {
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node server\/main\.ts$/m);
    expect(unit).toMatch(/^User=visual-displays$/m);
    for (const option of ['Restart=on-failure', 'ProtectSystem=strict', 'PrivateTmp=yes', 'NoNewPrivileges=yes', 'ProtectHome=yes', 'CapabilityBoundingSet=']) {
      expect(unit).toMatch(new RegExp(`^${option}$`, 'm'));
    }
    expect(unit).not.toMatch(/^MemoryDenyWriteExecute=yes/m);
  });
});
