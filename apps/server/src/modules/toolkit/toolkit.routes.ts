import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@kolikko/core/schemas/errors';
import { ZGroupId } from '@kolikko/core/schemas/groups';
import { ZBoard, ZPickRequest, ZPickResponse, ZTeams, ZTeamsRequest, ZTimerRequest, ZTimerState, ZToolkitState } from '@kolikko/core/schemas/toolkit';
import { requireTeacher } from '../../plugins/auth.ts';
import type { ToolkitService } from './toolkit.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['toolkit'];
const params = z.object({ id: ZGroupId });

export async function toolkitRoutes(fastify: FastifyInstance, opts: { toolkit: ToolkitService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { toolkit } = opts;

  app.get(
    '/group/:id/board',
    {
      schema: {
        tags,
        summary: "The class board's students and coins, as the group's board_shows allows",
        description: "The group's teacher only. Each student's coins are what `shows` says (earned today, all of them, or null); the class's coins earned today.",
        params,
        response: { 200: ZBoard, ...errors },
      },
    },
    async (request) => toolkit.board(requireTeacher(request).teacherId, request.params.id),
  );

  app.get(
    '/group/:id/toolkit',
    { schema: { tags, summary: "What the group's board shows: the last teams, the timer, who was picked today", params, response: { 200: ZToolkitState, ...errors } } },
    async (request) => toolkit.state(requireTeacher(request).teacherId, request.params.id),
  );

  app.post(
    '/group/:id/pick',
    {
      schema: {
        tags,
        summary: 'Pick a student at random',
        description:
          "Nobody twice until everyone has been picked that day (the server keeps the round, so two screens agree); `reset` starts over, `online_only` picks among students with the app open. Told to the group's teacher sockets (`toolkit-picked`).",
        params,
        body: ZPickRequest.nullish(),
        response: { 200: ZPickResponse, ...errors },
      },
    },
    async (request) => toolkit.pick(requireTeacher(request).teacherId, request.params.id, request.body ?? {}),
  );

  app.post(
    '/group/:id/teams',
    {
      schema: {
        tags,
        summary: 'Make random teams: `count` teams, or teams of `size`',
        description: "Everyone in exactly one team, sizes differing by one at most; kept for the board and told to the group's teacher sockets (`toolkit-teams`).",
        params,
        body: ZTeamsRequest,
        response: { 200: ZTeams, ...errors },
      },
    },
    async (request) => toolkit.teams(requireTeacher(request).teacherId, request.params.id, request.body),
  );

  app.put(
    '/group/:id/timer',
    {
      schema: {
        tags,
        summary: 'Start, pause or reset the lesson timer',
        description: "`start` from idle needs `seconds` (1–3600) and resumes a paused timer; `reset` goes back to its length (or to `seconds`). Told to the group's teacher sockets (`toolkit-timer`).",
        params,
        body: ZTimerRequest,
        response: { 200: ZTimerState, ...errors },
      },
    },
    async (request) => toolkit.timer(requireTeacher(request).teacherId, request.params.id, request.body),
  );
}
