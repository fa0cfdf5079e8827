import { CanvasConnection } from '../../canvas-connection.js';
import { CanvasCoursework } from '../../canvas-coursework.js';
import type { LmsSourceModule, SourceDeps } from '../source-module.js';

/** Canvas, when CANVAS_URL and its developer key are set. */
export const canvas = {
  open({ app, box, schedule, options }: SourceDeps): CanvasCoursework | null {
    const settings = app.config.canvas;
    if (!settings) return null;
    const connection = new CanvasConnection(box, {
      ...settings,
      now: () => app.clock(),
      ...(options.canvasSleep ? { sleep: options.canvasSleep } : {}),
    });
    return new CanvasCoursework(app, connection, schedule);
  },
} satisfies LmsSourceModule;
