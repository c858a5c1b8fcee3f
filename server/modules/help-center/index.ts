export {
  customerOrderList,
  customerShipmentList,
  emailReasons,
  emailSupport,
  faqData,
  phoneSupport,
  requestCallBack,
  sendEmailRequest,
  supportTickets,
  uploadAttachments,
} from './service.ts';
