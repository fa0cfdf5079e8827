/**
 * The statecharts inspector's panel (issue 49), loaded only when the footer's Statecharts control
 * opens it: a non-modal dialog beside the page, which stays usable. It lists the running actors
 * (observer.ts), draws the selected one's statechart with its active states marked as events
 * arrive (chart.tsx), lists the shortest path to each of its states and replays one step by step
 * on a fresh copy (paths.ts), and shows the last 100 events, redacted.
 */
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { AnyStateMachine } from 'xstate';
import { Chart } from './chart.js';
import { EVENT_LIMIT, inspection } from './observer.js';
import type { InspectedActor, LoggedEvent } from './observer.js';
import { PANEL_WIDTH, panelStore } from './panel-store.js';
import { inputOf, leafPaths, shortestPaths } from './paths.js';
import './inspector.css';

/** Marks this code in a build: a production build without demo mode must not contain it. */
const INSPECTOR_MARKER = 'statecharts-inspector-panel';

const time = (at: number) => new Date(at).toISOString().slice(11, 23);
const eventName = (e: { type: string }) => e.type.replace(/^xstate\./, '');

function machineOf(actor: InspectedActor | undefined): AnyStateMachine | null {
  const logic: unknown = actor?.ref.logic;
  return typeof logic === 'object' && logic !== null && 'root' in logic
    ? (logic as AnyStateMachine)
    : null;
}

function Actors({ actors, selected }: { actors: InspectedActor[]; selected: string | null }) {
  return (
    <section aria-labelledby="inspector-actors">
      <h3 id="inspector-actors">Running actors ({actors.length})</h3>
      <table className="inspector__table">
        <thead>
          <tr>
            <th scope="col">Actor</th>
            <th scope="col">Machine</th>
            <th scope="col">Parent</th>
          </tr>
        </thead>
        <tbody>
          {actors.map((a) => (
            <tr key={a.sessionId}>
              <th scope="row">
                {a.machine ? (
                  <button
                    type="button"
                    className="button button--quiet inspector__pick"
                    aria-pressed={a.sessionId === selected}
                    onClick={() => panelStore.select(a.sessionId)}
                  >
                    {a.id}
                  </button>
                ) : (
                  a.id
                )}
              </th>
              <td>{a.machine ?? '(not a machine)'}</td>
              <td>{a.parent ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Events({ events }: { events: readonly LoggedEvent[] }) {
  return (
    <section aria-labelledby="inspector-events">
      <h3 id="inspector-events">
        Events (the last {EVENT_LIMIT}, newest first; payloads redacted)
      </h3>
      {events.length === 0 ? (
        <p>No events yet.</p>
      ) : (
        <div className="inspector__scroll" tabIndex={0} aria-labelledby="inspector-events">
          <table className="inspector__table">
            <thead>
              <tr>
                <th scope="col">Time (UTC)</th>
                <th scope="col">Event</th>
                <th scope="col">From → to</th>
                <th scope="col">Payload</th>
              </tr>
            </thead>
            <tbody>
              {[...events].reverse().map((e) => (
                <tr key={e.seq}>
                  <td>{time(e.at)}</td>
                  <td>{e.type}</td>
                  <td>
                    {e.source} → {e.target}
                  </td>
                  <td>{e.details.map(([k, v]) => `${k}: ${v}`).join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Paths({ actor, machine }: { actor: InspectedActor; machine: AnyStateMachine }) {
  const { replay } = useSyncExternalStore(panelStore.subscribe, panelStore.get);
  const input = inputOf(actor.ref);
  const paths = useMemo(() => {
    try {
      return shortestPaths(machine, input);
    } catch {
      return [];
    }
  }, [machine, input]);
  return (
    <section aria-labelledby="inspector-paths">
      <h3 id="inspector-paths">Shortest paths ({paths.length})</h3>
      <p className="inspector__note">
        From @xstate/graph, as the path tests walk them, with sample events read from the machine; a
        state reached only with a particular answer has none here.
      </p>
      {replay && (
        <div className="inspector__replay" role="group" aria-label="Replay">
          <p aria-live="polite">
            Replaying the path to {replay.path.target}: step {replay.step} of{' '}
            {replay.path.events.length}
            {replay.step > 0 && `, ${eventName(replay.path.events[replay.step - 1]!)}`}.
          </p>
          <ol className="inspector__steps">
            {replay.path.events.map((e, i) => (
              <li key={i} aria-current={i === replay.step - 1 ? 'step' : undefined}>
                {eventName(e)}
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="button button--quiet"
            onClick={() => panelStore.next()}
            disabled={replay.step >= replay.path.events.length}
          >
            Next step
          </button>{' '}
          <button
            type="button"
            className="button button--quiet"
            onClick={() => panelStore.replay(machine, input, replay.path)}
          >
            Start again
          </button>{' '}
          <button
            type="button"
            className="button button--quiet"
            onClick={() => panelStore.stopReplay()}
          >
            Back to live
          </button>
        </div>
      )}
      <ol className="inspector__paths">
        {paths.map((p) => (
          <li key={p.target}>
            <span>{p.target}</span>{' '}
            <span className="inspector__note">
              {p.events.length ? p.events.map(eventName).join(' → ') : '(at start)'}
            </span>{' '}
            <button
              type="button"
              className="button button--quiet"
              aria-label={`Replay the path to ${p.target}`}
              onClick={() => panelStore.replay(machine, input, p)}
            >
              Replay
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

export default function StatechartsPanel({ onClose }: { onClose: () => void }) {
  useSyncExternalStore(inspection.subscribe, inspection.version);
  const { selected, replay, collapsed, width } = useSyncExternalStore(
    panelStore.subscribe,
    panelStore.get,
  );
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // The page makes room for the panel at its width (inspector.css), so no control of it is under it.
  useEffect(() => {
    document.documentElement.style.setProperty('--inspector-width', `${width}px`);
  }, [width]);
  useEffect(
    () => () => {
      document.documentElement.style.removeProperty('--inspector-width');
    },
    [],
  );
  const actors = inspection.actors();
  const current = actors.find((a) => a.sessionId === selected);
  const machine = machineOf(current);
  const shown: { value?: unknown } | undefined = (replay?.actor ?? current?.ref)?.getSnapshot() as
    { value?: unknown } | undefined;
  const value = shown?.value;
  return (
    <dialog
      open
      className={collapsed ? 'inspector inspector--collapsed' : 'inspector'}
      aria-labelledby="inspector-title"
      data-marker={INSPECTOR_MARKER}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      {/* Its left edge, dragged or moved with the arrow keys, sets its width (wide screens). */}
      <div
        className="inspector__resize"
        role="separator"
        aria-orientation="vertical"
        aria-label="Panel width"
        aria-valuemin={PANEL_WIDTH.min}
        aria-valuemax={PANEL_WIDTH.max}
        aria-valuenow={width}
        aria-valuetext={`${width} pixels`}
        tabIndex={0}
        onKeyDown={(e) => {
          const by = { ArrowLeft: PANEL_WIDTH.step, ArrowRight: -PANEL_WIDTH.step }[e.key];
          if (by === undefined) return;
          e.preventDefault();
          panelStore.resize(width + by);
        }}
        onPointerDown={(e) => e.currentTarget.setPointerCapture(e.pointerId)}
        onPointerMove={(e) => {
          if (e.currentTarget.hasPointerCapture(e.pointerId)) {
            panelStore.resize(window.innerWidth - e.clientX);
          }
        }}
      />
      <div className="inspector__head">
        <h2 id="inspector-title" tabIndex={-1} ref={heading}>
          Statecharts
        </h2>
        <div className="inspector__actions">
          <button type="button" className="button button--quiet" onClick={onClose}>
            Close
          </button>
          <button
            type="button"
            className="button button--quiet"
            aria-expanded={!collapsed}
            aria-controls="inspector-body"
            onClick={() => panelStore.toggleCollapsed()}
          >
            {collapsed ? 'Expand' : 'Collapse'}
          </button>
        </div>
      </div>
      <div id="inspector-body" hidden={collapsed}>
        <p className="inspector__note">
          The running app&apos;s machines, from this page only; nothing is sent anywhere.
        </p>
        <Actors actors={actors} selected={selected} />
        {current && machine ? (
          <>
            <section aria-labelledby="inspector-diagram">
              <h3 id="inspector-diagram">
                Diagram: {machine.id} {replay ? '(replay)' : '(live)'}
              </h3>
              <p className="inspector__note">
                Active: {leafPaths(value).join('; ') || '—'}. Each state lists its transitions:
                event [guard] / actions → target.
              </p>
              <Chart machine={replay?.machine ?? machine} value={value} />
            </section>
            <Paths actor={current} machine={machine} />
          </>
        ) : (
          <p>Choose a running machine to see its diagram and paths.</p>
        )}
        <Events events={inspection.events()} />
      </div>
    </dialog>
  );
}
