/** The server's periodic tasks (background/background-tasks.ts), shared by the plugins that add them; stopped with the app. */
import fp from 'fastify-plugin';
import { createBackgroundTasks, type BackgroundTasks } from '../background/background-tasks.ts';

declare module 'fastify' {
  interface FastifyInstance {
    backgroundTasks: BackgroundTasks;
  }
}

export const backgroundTasksPlugin = fp(
  async (app) => {
    const tasks = createBackgroundTasks(app.log);
    app.decorate('backgroundTasks', tasks);
    // Before requests are waited for: a task must not start a query on a database that is closing.
    app.addHook('preClose', async () => tasks.stopAll());
  },
  { name: 'background-tasks' },
);
