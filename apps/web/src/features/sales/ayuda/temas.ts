/** SPEC §2 Ayuda: the five topics, in the order the previous and next arrows cycle through them. */
export const TEMAS = [
  { id: 'cremacion', title: 'Cremación' },
  { id: 'exequias', title: 'Honra de Exequias' },
  { id: 'funerario', title: 'Servicio Funerario' },
  { id: 'parcelas', title: 'Parcelas' },
  { id: 'columbarios', title: 'Columbarios' },
] as const;
