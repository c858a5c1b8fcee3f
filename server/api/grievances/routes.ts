import type { FastifyInstance } from 'fastify';
import {
  GrievanceAnswerRequest,
  GrievanceOfficerResponse,
  GrievanceParams,
  GrievanceRequest,
  GrievanceResponse,
  GrievancesResponse,
  OpsGrievanceResponse,
  OpsGrievancesQuery,
  OpsGrievancesResponse,
} from '../../../schemas/grievances.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import type { OpsActor } from '../../http/ops.ts';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { signedInCustomer } from '../../modules/session/index.ts';
import { recordAudit } from '../../modules/staff/index.ts';
import * as service from '../../modules/grievances/service.ts';

// HTTP of grievance redressal (docs/grievance-redressal.md): the officer (public), a shopper's complaints (signed
// in), and the console's list, acknowledgement and answer (support role, audited).
export async function grievanceRoutes(root: FastifyInstance, { db }: { db: Db }) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  const officer = service.grievanceOfficer();
  const signIn = 'Please sign in to file a complaint.';

  app.get(
    '/api/help-center/grievance-officer',
    {
      schema: {
        response: { 200: GrievanceOfficerResponse },
        summary: "The grievance officer's name, designation and contact",
        operationId: 'getGrievanceOfficer',
      },
    },
    async () => ok(officer),
  );

  app.get(
    '/api/help-center/grievances',
    {
      config: { access: 'customer', signIn },
      schema: {
        response: { 200: GrievancesResponse },
        summary: "The customer's complaints and their status",
        operationId: 'listGrievances',
      },
    },
    async (req) => ok(await service.customerGrievances(db, signedInCustomer(req))),
  );

  app.post(
    '/api/help-center/grievances',
    {
      config: { access: 'customer', signIn },
      schema: {
        body: GrievanceRequest,
        response: { 200: GrievanceResponse },
        summary: 'File a complaint, about one of the customer’s orders or none',
        operationId: 'fileGrievance',
      },
    },
    async (req) => {
      const g = await service.fileGrievance(db, signedInCustomer(req), req.body);
      return ok(g, `Your complaint is registered. Your ticket number is ${g.reference}.`);
    },
  );

  app.get(
    '/api/ops/grievances',
    {
      config: { opsPermission: 'grievances:handle' },
      schema: {
        querystring: OpsGrievancesQuery,
        response: { 200: OpsGrievancesResponse },
        summary: 'Complaints by the deadline each works to, overdue ones marked',
        operationId: 'listOpsGrievances',
      },
    },
    async (req) => ok(await service.opsGrievances(db, req.query.status)),
  );

  const staffId = (req: { opsActor: OpsActor | null }) => (req.opsActor?.kind === 'staff' ? req.opsActor.staff.id : null);

  app.post(
    '/api/ops/grievances/:reference/acknowledge',
    {
      config: { opsPermission: 'grievances:handle' },
      schema: {
        params: GrievanceParams,
        response: { 200: OpsGrievanceResponse },
        summary: 'Acknowledge a complaint: it is being looked into',
        operationId: 'acknowledgeGrievance',
      },
    },
    async (req) => {
      const g = await service.acknowledge(db, req.params.reference, staffId(req), (tx, entry) => recordAudit(tx, req, entry));
      return ok(g, `Complaint ${g.reference} is acknowledged.`);
    },
  );

  app.post(
    '/api/ops/grievances/:reference/answer',
    {
      config: { opsPermission: 'grievances:handle' },
      schema: {
        params: GrievanceParams,
        body: GrievanceAnswerRequest,
        response: { 200: OpsGrievanceResponse },
        summary: 'Answer a complaint: the shopper is sent the answer and the complaint is resolved',
        operationId: 'answerGrievance',
      },
    },
    async (req) => {
      const g = await service.answer(db, req.params.reference, staffId(req), req.body.answer, (tx, entry) => recordAudit(tx, req, entry));
      return ok(g, `Complaint ${g.reference} is answered and resolved; the shopper is sent the answer.`);
    },
  );
}
