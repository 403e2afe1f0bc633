import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@kolikko/core/errors';
import { ZApiError } from '@kolikko/core/schemas/errors';
import {
  ZCreateTodoRequest,
  ZImagePath,
  ZPredefinedImageRequest,
  ZSwapTodosRequest,
  ZTodo,
  ZTodoId,
  ZTodolistId,
  ZUpdateTodoRequest,
} from '@kolikko/core/schemas/todos';
import { requireTeacher } from '../../plugins/auth.ts';
import { predefinedImageFile } from './predefined-images.ts';
import type { TodosService } from './todos.service.ts';
import { readUpload, sendImage } from './upload.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 413: ZApiError };
const tags = ['todos'];
const byId = z.object({ id: ZTodoId });

export async function todosRoutes(fastify: FastifyInstance, opts: { todos: TodosService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { todos } = opts;

  app.get(
    '/todos/:todolistId',
    { schema: { tags, summary: "A list's todos by position", params: z.object({ todolistId: ZTodolistId }), response: { 200: z.array(ZTodo), ...errors } } },
    async (request) => todos.list(requireTeacher(request).teacherId, request.params.todolistId),
  );

  app.post(
    '/todo',
    { schema: { tags, summary: 'Add a todo at the end of a list', body: ZCreateTodoRequest, response: { 201: ZTodo, ...errors } } },
    async (request, reply) => reply.status(201).send(await todos.create(requireTeacher(request).teacherId, request.body)),
  );

  app.put(
    '/todo',
    { schema: { tags, summary: 'Change a todo (only the fields sent)', body: ZUpdateTodoRequest, response: { 200: ZTodo, ...errors } } },
    async (request) => todos.update(requireTeacher(request).teacherId, request.body.todo_id, request.body.updates),
  );

  app.delete(
    '/todo/:id',
    { schema: { tags, summary: 'Delete a todo; answers the renumbered list', params: byId, response: { 200: z.array(ZTodo), ...errors } } },
    async (request) => todos.remove(requireTeacher(request).teacherId, request.params.id),
  );

  app.put(
    '/todos',
    { schema: { tags, summary: 'Swap the positions of two todos of one list; answers the list', body: ZSwapTodosRequest, response: { 200: z.array(ZTodo), ...errors } } },
    async (request) => todos.swap(requireTeacher(request).teacherId, request.body.todo1, request.body.todo2),
  );

  app.put(
    '/todos/:id/image',
    { schema: { tags, summary: "Upload the todo's image (multipart, one file, at most 5 MB)", params: byId, response: { 200: ZTodo, ...errors } } },
    async (request) => {
      const { teacherId } = requireTeacher(request);
      return todos.setImage(teacherId, request.params.id, await readUpload(request));
    },
  );

  app.put(
    '/todos/:id/image/predefined',
    { schema: { tags, summary: 'Give the todo one of the predefined images', params: byId, body: ZPredefinedImageRequest, response: { 200: ZTodo, ...errors } } },
    async (request) => todos.setPredefinedImage(requireTeacher(request).teacherId, request.params.id, request.body.path),
  );

  app.delete(
    '/todos/:id/image',
    { schema: { tags, summary: "Remove the todo's image", params: byId, response: { 200: ZTodo, ...errors } } },
    async (request) => todos.removeImage(requireTeacher(request).teacherId, request.params.id),
  );

  app.get(
    '/public/todo/:id/:path/image',
    { schema: { tags, summary: "A todo's image (public: its random name is the key)", params: z.object({ id: ZTodoId, path: ZImagePath }), response: { 400: ZApiError, 404: ZApiError } } },
    async (request, reply) => sendImage(reply, await todos.publicImage(request.params.id, request.params.path), 'public'),
  );

  app.get(
    '/public/predefined-images/:path',
    { schema: { tags, summary: 'A predefined todo image, for the picker (names in PREDEFINED_TODO_IMAGES)', params: z.object({ path: z.string().max(40) }), response: { 404: ZApiError } } },
    async (request, reply) => {
      const file = predefinedImageFile(request.params.path);
      if (!file) throw new AppError('IMAGE.IMAGE_NOT_FOUND');
      return sendImage(reply, file, 'predefined');
    },
  );
}
