import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZTeacherDashboard } from '@kolikko/core/schemas/dashboard';
import { ZApiError } from '@kolikko/core/schemas/errors';
import { requireTeacher } from '../../plugins/auth.ts';
import type { DashboardService } from './dashboard.service.ts';

const errors = { 401: ZApiError, 403: ZApiError };

export async function dashboardRoutes(fastify: FastifyInstance, opts: { dashboard: DashboardService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { dashboard } = opts;

  app.get(
    '/teacher/dashboard',
    {
      schema: {
        tags: ['teacher'],
        summary: "What waits for the teacher: per group, answers to approve and rewards to hand out; owed rewards, unread messages, and today's activity",
        description: "The signed-in teacher's own. \"Today\" starts at midnight UTC.",
        response: { 200: ZTeacherDashboard, ...errors },
      },
    },
    async (request) => dashboard.read(requireTeacher(request).teacherId),
  );
}
