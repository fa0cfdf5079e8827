import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { z } from 'zod';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, PersistentVolumeClaim, Service } from 'kubernetes-models/v1';
import { ServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';

/**
 * Issue 90: each overlay of deploy/kubernetes, rendered by `kubectl kustomize` (the kubectl on the
 * machine) and checked against the Kubernetes schemas (kubernetes-models), then for what running the
 * portal at a campus asks of it.
 */
const render = (overlay: string): unknown[] =>
  parseAllDocuments(
    execFileSync('kubectl', ['kustomize', `deploy/kubernetes/overlays/${overlay}`], {
      encoding: 'utf8',
    }),
  ).map((doc) => doc.toJS() as unknown);

const kinds = {
  ConfigMap,
  Deployment,
  HorizontalPodAutoscaler,
  Ingress,
  Job,
  PersistentVolumeClaim,
  PodDisruptionBudget,
  Service,
  ServiceMonitor,
};
const headSchema = z.object({
  kind: z.enum(Object.keys(kinds) as [keyof typeof kinds, ...(keyof typeof kinds)[]]),
  metadata: z.object({ name: z.string() }),
});

/** Each object checked by its kind's schema (a kind not listed fails), by kind and name. */
function objects(overlay: string) {
  return render(overlay).map((raw) => {
    const head = headSchema.parse(raw);
    const Model = kinds[head.kind];
    const model = new Model(raw as never);
    model.validate();
    return { ...head, raw };
  });
}

const envSchema = z.object({
  name: z.string(),
  value: z.string().optional(),
  valueFrom: z.object({ secretKeyRef: z.object({ name: z.string(), key: z.string() }) }).optional(),
});
const containerSchema = z.object({
  name: z.string(),
  image: z.string(),
  args: z.array(z.string()),
  env: z.array(envSchema).default([]),
  readinessProbe: z.object({ httpGet: z.object({ path: z.string() }) }).optional(),
  livenessProbe: z.unknown().optional(),
  lifecycle: z.object({ preStop: z.unknown() }).optional(),
  resources: z.object({
    requests: z.object({ cpu: z.string(), memory: z.string() }),
    limits: z.object({ memory: z.string() }),
  }),
  securityContext: z.object({
    allowPrivilegeEscalation: z.literal(false),
    readOnlyRootFilesystem: z.literal(true),
    capabilities: z.object({ drop: z.array(z.string()) }),
  }),
});
const podOwnerSchema = z.object({
  metadata: z.object({ name: z.string() }),
  spec: z.object({
    template: z.object({
      spec: z.object({
        securityContext: z.object({ runAsNonRoot: z.literal(true), runAsUser: z.number() }),
        containers: z.array(containerSchema).length(1),
      }),
    }),
  }),
});
const containerOf = (raw: unknown) => podOwnerSchema.parse(raw).spec.template.spec.containers[0]!;
const envOf = (raw: unknown) =>
  Object.fromEntries(containerOf(raw).env.map((e) => [e.name, e.value ?? e.valueFrom]));

/** Names of settings whose values are secrets: only ever from a Secret, by reference. */
const SECRET = /SECRET|TOKEN|PASSWORD|DATABASE_URL|REDIS_URL|SMTP_URL|PRIVATE|AUTH/;

for (const overlay of ['small', 'campus']) {
  describe(`deploy/kubernetes/overlays/${overlay}`, () => {
    const all = objects(overlay);
    const named = (kind: string, name: string) =>
      all.find((o) => o.kind === kind && o.metadata.name === name)?.raw;
    const podOwners = all.filter((o) => o.kind === 'Deployment' || o.kind === 'Job');

    it('renders with kubectl kustomize, every object valid against its Kubernetes schema', () => {
      expect(all.length).toBeGreaterThan(4);
    });

    it('carries no secret value: every secret setting comes from a Secret by reference, and no Secret is in the manifests', () => {
      for (const owner of podOwners) {
        for (const e of containerOf(owner.raw).env.filter((e) => SECRET.test(e.name))) {
          expect(e.value, `${owner.metadata.name} ${e.name}`).toBeUndefined();
          expect(e.valueFrom?.secretKeyRef.name).toBe('campus-portal');
        }
      }
      const config = z
        .object({ data: z.record(z.string(), z.string()) })
        .parse(named('ConfigMap', 'campus-portal'));
      expect(Object.keys(config.data).filter((k) => SECRET.test(k))).toEqual([]);
      expect(Object.keys(config.data)).toContain('PUBLIC_ORIGIN');
    });

    it('runs every container as a non-root user with a read-only root, no privilege escalation, no capability and resources set', () => {
      for (const owner of podOwners) {
        const container = containerOf(owner.raw);
        expect(container.securityContext.capabilities.drop).toEqual(['ALL']);
      }
    });

    it('the web pods are ready only on /readyz (which turns 503 from SIGTERM), pause before stopping and have no liveness probe', () => {
      const web = containerOf(named('Deployment', 'campus-portal-web'));
      expect(web.readinessProbe?.httpGet.path).toBe('/readyz');
      expect(web.livenessProbe).toBeUndefined();
      expect(web.lifecycle?.preStop).toBeDefined();
      expect(web.args).toEqual(['dist/server/server.js']);
    });
  });
}

describe('the campus overlay', () => {
  const all = objects('campus');
  const of = (kind: string) => all.filter((o) => o.kind === kind).map((o) => o.raw);
  const deployment = (name: string) =>
    of('Deployment').find((d) => podOwnerSchema.parse(d).metadata.name === name);

  it('runs the two roles from one image: web pods answer requests, worker pods run the scheduled work', () => {
    expect(envOf(deployment('campus-portal-web')).PROCESS_ROLE).toBe('web');
    expect(envOf(deployment('campus-portal-worker')).PROCESS_ROLE).toBe('worker');
    const images = new Set([...of('Deployment'), ...of('Job')].map((o) => containerOf(o).image));
    expect(images.size).toBe(1);
  });

  it('migrates in a Job named for the release its image is, never in a web pod first (the start lock)', () => {
    const [job] = of('Job');
    const container = containerOf(job);
    expect(container.args).toEqual(['dist/server/server.js', '--migrate']);
    const tag = container.image.split(':').at(-1)!;
    // The release this checkout is: a release's cut changes the tag and the Job's name with it.
    expect(tag).toBe(
      z.object({ version: z.string() }).parse(JSON.parse(readFileSync('package.json', 'utf8')))
        .version,
    );
    expect(podOwnerSchema.parse(job).metadata.name).toBe(
      `campus-portal-migrate-${tag.replaceAll('.', '-')}`,
    );
    expect(
      z
        .object({
          spec: z.object({
            template: z.object({ spec: z.object({ restartPolicy: z.literal('Never') }) }),
          }),
        })
        .safeParse(job).success,
    ).toBe(true);
  });

  it('scales the web pods from 3 to 200 with a scale-up and a scale-down behaviour, and budgets disruptions for both roles', () => {
    const hpa = z
      .object({
        spec: z.object({
          minReplicas: z.number(),
          maxReplicas: z.number(),
          scaleTargetRef: z.object({ name: z.string() }),
          behavior: z.object({
            scaleUp: z.object({}).passthrough(),
            scaleDown: z.object({ stabilizationWindowSeconds: z.number() }),
          }),
        }),
      })
      .parse(of('HorizontalPodAutoscaler')[0]);
    expect(hpa.spec).toMatchObject({
      minReplicas: 3,
      maxReplicas: 200,
      scaleTargetRef: { name: 'campus-portal-web' },
    });
    expect(hpa.spec.behavior.scaleDown.stabilizationWindowSeconds).toBeGreaterThan(0);
    expect(of('PodDisruptionBudget')).toHaveLength(2);
  });

  it('reads PostgreSQL and Redis from the Secret, and is scraped by the Prometheus operator on the metrics port', () => {
    const web = envOf(deployment('campus-portal-web'));
    expect(web.DATABASE_URL).toMatchObject({ secretKeyRef: { key: 'DATABASE_URL' } });
    expect(web.REDIS_URL).toMatchObject({ secretKeyRef: { key: 'REDIS_URL' } });
    expect(JSON.stringify(of('ServiceMonitor')[0])).toContain('"port":"metrics"');
  });
});

describe('the small overlay', () => {
  const all = objects('small');
  it('is one pod doing both roles on SQLite, stopped before its update starts, with no Job, worker or autoscaler', () => {
    expect(all.map((o) => o.kind).sort()).toEqual(
      [
        'ConfigMap',
        'Deployment',
        'Ingress',
        'PersistentVolumeClaim',
        'Service',
        'ServiceMonitor',
      ].sort(),
    );
    const web = all.find((o) => o.kind === 'Deployment')!.raw;
    expect(envOf(web).PROCESS_ROLE).toBe('all');
    expect(JSON.stringify(web)).toContain('"strategy":{"type":"Recreate"}');
  });
});
