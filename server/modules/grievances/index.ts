export { acknowledge, answer, customerGrievances, fileGrievance, grievanceOfficer, opsGrievances } from './service.ts';
