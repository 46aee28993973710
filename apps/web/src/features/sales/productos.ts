/** SPEC §2 Sales area: the values of the route parameter producto, each with its request form's title. */
export const PRODUCTOS: Readonly<Record<string, string>> = {
  parcelas: 'SOLICITUD DE CONTRATO DE PARCELAS',
  cremacion: 'SOLICITUD DE CONTRATO DE CREMACIÓN',
  'honra-exequias': 'SOLICITUD DE CONTRATO DE HONRA DE EXEQUIAS',
  'inhumacion-parcelas': 'SOLICITUD DE CONTRATO DE INHUMACIÓN',
  'nichos-ataud': 'SOLICITUD DE CONTRATO DE NICHOS DE ATAÚD',
  'nichos-columbarios': 'SOLICITUD DE CONTRATO DE NICHOS DE COLUMBARIOS',
  'plan-funerario': 'SOLICITUD DE CONTRATO DE SERVICIOS FUNERARIOS',
};
