import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { backgroundTasks } from './background';

function recordingLog() {
  const errors: { obj: unknown; msg: string }[] = [];
  const log = { error: (obj: unknown, msg: string) => void errors.push({ obj, msg }) };
  return { log: log as unknown as FastifyBaseLogger, errors };
}

describe('backgroundTasks', () => {
  it('starts the task after the caller has moved on, and settle() waits for it', async () => {
    const { log } = recordingLog();
    const { background, settle } = backgroundTasks(log);
    const steps: string[] = [];
    background('work', async () => {
      steps.push('task started');
      await new Promise((resolve) => setTimeout(resolve, 20));
      steps.push('task done');
    });
    steps.push('caller answered');
    await Promise.resolve();
    expect(steps).toEqual(['caller answered']);
    await settle();
    expect(steps).toEqual(['caller answered', 'task started', 'task done']);
  });

  it('settle() also waits for tasks started by tasks', async () => {
    const { log } = recordingLog();
    const { background, settle } = backgroundTasks(log);
    let done = false;
    background('outer', async () => {
      background('inner', async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        done = true;
      });
    });
    await settle();
    expect(done).toBe(true);
  });

  it('logs a failure with the task name and keeps it from the caller', async () => {
    const { log, errors } = recordingLog();
    const { background, settle } = backgroundTasks(log);
    background('forgot-password', async () => {
      throw new Error('database down');
    });
    await expect(settle()).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
    expect(errors[0]!.msg).toBe('background task failed: forgot-password');
    expect(errors[0]!.obj).toMatchObject({ task: 'forgot-password', err: { message: 'database down' } });
  });
});
