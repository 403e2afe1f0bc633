import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@kolikko/core/schemas/errors';
import { ZGroupId } from '@kolikko/core/schemas/groups';
import { ZReport, ZReportQuery } from '@kolikko/core/schemas/reports';
import { requireTeacher } from '../../plugins/auth.ts';
import { pageLanguage } from '../../platform/page-language.ts';
import { reportCsv, reportFileName } from './report-csv.ts';
import type { ReportsService } from './reports.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

export async function reportsRoutes(fastify: FastifyInstance, opts: { reports: ReportsService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { reports } = opts;

  app.get(
    '/group/:id/report',
    {
      schema: {
        tags: ['reports'],
        summary: "The class report: each student's coins, tasks, rewards and transfers over a range of days",
        description:
          "The group's teacher only. `from` and `to` (YYYY-MM-DD, UTC days as the class board's \"today\", both included): `to` not before `from`, at most 400 days (else 400 VALIDATION.INVALID_INPUT, field `to`). " +
          '`format=csv`: the same as a spreadsheet (UTF-8 with a BOM, semicolon-separated, a row per student and the class total last), its column names in `lang` or the Accept-Language\'s language (English, Finnish or Swedish).',
        params: z.object({ id: ZGroupId }),
        querystring: ZReportQuery,
        // With format=csv the answer is the spreadsheet's text (text/csv), sent as it is.
        response: { 200: ZReport.or(z.string().describe('format=csv: the spreadsheet, text/csv')), ...errors },
      },
    },
    async (request, reply) => {
      const { from, to, format, lang } = request.query;
      const report = await reports.report(requireTeacher(request).teacherId, request.params.id, { from, to });
      if (format !== 'csv') return report;
      const name = reportFileName(report);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name.ascii}"; filename*=UTF-8''${name.utf8}`)
        .header('cache-control', 'no-store')
        .send(reportCsv(report, lang ?? pageLanguage(request.headers['accept-language'])));
    },
  );
}
