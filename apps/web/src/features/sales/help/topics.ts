// SPEC §2 Ayuda and §9: the FAQ guide the sellers read to answer families. All of its content lives in this
// one file (the pages only lay it out); the facts are those of SPEC §9 and the stage counts 18, 13, 8, 2, 2.

export interface FrequentQuestion {
  question: string;
  answer: string;
}

export interface Topic {
  id: string;
  /** The topic's name in the list of 'Preguntas Frecuentes'. */
  title: string;
  /** Nombre del proceso. */
  process: string;
  definition: string;
  characteristics: readonly string[];
  requirements: readonly string[];
  additionalServices: readonly string[];
  /** Etapas del proceso, in order (shown numbered). */
  steps: readonly string[];
  questions: readonly FrequentQuestion[];
}

const cremation: Topic = {
  id: 'cremacion',
  title: 'Cremación',
  process: 'Proceso de cremación',
  definition:
    'La cremación es el proceso por el cual el cuerpo de un ser querido se reduce a cenizas mediante calor, en un horno crematorio, de forma respetuosa y controlada. Las cenizas se entregan a la familia en una urna para conservarlas en el hogar o depositarlas en un nicho de columbario.',
  characteristics: [
    'Se realiza en un horno crematorio a una temperatura de entre 400 °C y 800 °C.',
    'Se pueden cremar difuntos con un peso de hasta 140 kg.',
    'Las cenizas se entregan a la familia dentro de las 3 horas siguientes al ingreso al horno.',
    'Cada cremación es individual: el difunto se identifica con una ficha que lo acompaña durante todo el proceso.',
    'La familia puede despedirse en una ceremonia antes del ingreso al horno.',
    'Puede contratarse de contado o financiada, o como parte de un plan previsivo.',
  ],
  requirements: [
    'Acta de defunción y certificado médico de defunción.',
    'Cédula de identidad del difunto y del familiar responsable.',
    'Autorización de cremación firmada por el familiar responsable o una persona autorizada del contrato.',
    'Permiso de cremación emitido por la autoridad competente.',
    'Ataúd o contenedor de cremación.',
    'Urna para las cenizas.',
  ],
  additionalServices: [
    'Ceremonia de despedida en capilla (honra de exequias).',
    'Traslado del difunto hasta el crematorio.',
    'Preparación del difunto y alquiler de ataúd.',
    'Sala de velación antes de la cremación.',
    'Nicho de columbario para depositar la urna.',
  ],
  steps: [
    'Recepción de la solicitud y verificación del contrato o plan de cremación.',
    'Entrega de los documentos: acta y certificado de defunción y cédulas de identidad del difunto y del familiar responsable.',
    'Firma de la autorización de cremación por el familiar responsable o una persona autorizada del contrato.',
    'Obtención del permiso de cremación ante la autoridad competente.',
    'Traslado del difunto a las instalaciones del crematorio.',
    'Recepción e identificación del difunto con su ficha de identificación.',
    'Verificación del peso del difunto (máximo 140 kg).',
    'Retiro de marcapasos y de otros dispositivos que no pueden ingresar al horno.',
    'Entrega a la familia de las joyas y los objetos personales.',
    'Colocación del difunto en el ataúd o contenedor de cremación.',
    'Ceremonia de despedida, si la familia la contrató.',
    'Ingreso al horno crematorio.',
    'Cremación a una temperatura de entre 400 °C y 800 °C.',
    'Enfriamiento de los restos.',
    'Separación de los restos metálicos, como prótesis o clavos.',
    'Procesamiento de los restos hasta obtener las cenizas.',
    'Colocación de las cenizas en la urna, identificada con el nombre del difunto.',
    'Entrega de la urna a la familia, dentro de las 3 horas siguientes al ingreso al horno, junto con el certificado de cremación.',
  ],
  questions: [
    {
      question: '¿Cuánto tiempo tarda la entrega de las cenizas?',
      answer:
        'Las cenizas se entregan a la familia dentro de las 3 horas siguientes al ingreso del difunto al horno.',
    },
    {
      question: '¿Hay un peso máximo para la cremación?',
      answer:
        'Sí. Se pueden cremar difuntos con un peso de hasta 140 kg. Para un peso mayor, consulte con administración antes de registrar la solicitud.',
    },
    {
      question: '¿A qué temperatura trabaja el horno?',
      answer: 'El horno crematorio trabaja a una temperatura de entre 400 °C y 800 °C.',
    },
    {
      question: '¿Puede la familia despedirse antes de la cremación?',
      answer:
        'Sí. Puede contratarse una ceremonia de despedida, que dura de 30 a 50 minutos y puede extenderse hasta 2 horas.',
    },
    {
      question: '¿Qué se puede hacer con las cenizas?',
      answer:
        'La familia puede conservarlas en el hogar o depositarlas en un nicho de columbario: un nicho sencillo guarda 1 urna y uno dúplex, 2 urnas.',
    },
    {
      question: '¿Quién puede autorizar la cremación?',
      answer:
        'El familiar responsable o una de las personas autorizadas registradas en el contrato (como máximo 2 por contrato), presentando su cédula de identidad.',
    },
  ],
};

const funeralHonours: Topic = {
  id: 'exequias',
  title: 'Honra de Exequias',
  process: 'Proceso de honra de exequias',
  definition:
    'La honra de exequias es la ceremonia con la que la familia y los amigos despiden al ser querido antes de su inhumación o cremación. Puede ser religiosa o laica y se celebra en una de nuestras capillas, acompañada por nuestro personal.',
  characteristics: [
    'La ceremonia dura de 30 a 50 minutos y puede extenderse hasta 2 horas.',
    'Puede ser religiosa, según el credo de la familia, o laica.',
    'Se celebra en capilla, con sala ambientada, sonido e iluminación.',
    'La familia elige la música, las lecturas y quiénes dirán unas palabras.',
    'Puede contratarse sola o junto con la cremación o la inhumación.',
  ],
  requirements: [
    'Plan de honra de exequias contratado.',
    'Cédula de identidad del familiar responsable.',
    'Acta de defunción del difunto.',
    'Capilla o sala de ceremonias reservada.',
    'Arreglos florales, sonido e iluminación.',
  ],
  additionalServices: [
    'Oficiante: sacerdote, pastor o maestro de ceremonias.',
    'Música en vivo o grabada.',
    'Arreglos florales adicionales.',
    'Recordatorios impresos para los asistentes.',
    'Cortejo hasta el cementerio o el crematorio.',
  ],
  steps: [
    'Recepción de la solicitud y confirmación del plan contratado.',
    'Reunión con la familia para acordar fecha, hora y tipo de ceremonia (religiosa o laica).',
    'Verificación de los documentos del difunto y del familiar responsable.',
    'Reserva de la capilla o sala de ceremonias.',
    'Contacto con el oficiante elegido por la familia.',
    'Ambientación de la sala: arreglos florales, sonido e iluminación.',
    'Recepción del difunto en la capilla.',
    'Recibimiento de los familiares y amigos.',
    'Palabras de bienvenida.',
    'Desarrollo de la ceremonia: oraciones o lecturas, palabras de la familia y música.',
    'Despedida final de la familia.',
    'Cortejo hacia el lugar de inhumación o el crematorio.',
    'Cierre del servicio y acompañamiento a la familia.',
  ],
  questions: [
    {
      question: '¿Cuánto dura la ceremonia?',
      answer: 'Entre 30 y 50 minutos. Si la familia lo desea, puede extenderse hasta 2 horas.',
    },
    {
      question: '¿La ceremonia tiene que ser religiosa?',
      answer:
        'No. Puede ser religiosa, según el credo de la familia, o laica, dirigida por un maestro de ceremonias.',
    },
    {
      question: '¿Puede la familia elegir la música y las lecturas?',
      answer:
        'Sí. La familia elige la música, las lecturas y las personas que dirán unas palabras; nuestro personal se encarga de coordinarlo.',
    },
    {
      question: '¿Se puede contratar junto con la cremación?',
      answer:
        'Sí. La honra de exequias puede celebrarse antes de la cremación o de la inhumación, en el mismo día.',
    },
  ],
};

const funeralService: Topic = {
  id: 'funerario',
  title: 'Servicio Funerario',
  process: 'Proceso del servicio funerario',
  definition:
    'El servicio funerario reúne la atención que la familia necesita desde el fallecimiento hasta el destino final: traslado, trámites, preparación del difunto, ataúd y sala de velación, para que los familiares puedan dedicarse a acompañarse.',
  characteristics: [
    'Atención a la familia las 24 horas.',
    'Dos tipos de capilla: Sala Edificio Crematorio o Sala VIP en Funeraria.',
    'Tiempo de velación elegido por la familia.',
    'Preparación del difunto sencilla (24 horas) o especial (de 48 a 72 horas).',
    'Alquiler de ataúd sencillo, mejorado o de lujo.',
  ],
  requirements: [
    'Acta de defunción y certificado médico de defunción.',
    'Cédula de identidad del difunto y del familiar responsable.',
    'Datos de la defunción: fecha, causa y lugar.',
    'Ataúd.',
    'Sala de velación.',
  ],
  additionalServices: [
    'Servicio de traslado.',
    'Preparación del difunto (sencilla, especial o embalsamiento).',
    'Alquiler de ataúd.',
    'Honra de exequias.',
    'Cremación o inhumación en parcela.',
  ],
  steps: [
    'Atención de la llamada o solicitud de la familia.',
    'Traslado del difunto desde el lugar de fallecimiento hasta la funeraria.',
    'Trámite de los documentos: acta y certificado de defunción.',
    'Preparación del difunto, sencilla o especial.',
    'Colocación del difunto en el ataúd escogido.',
    'Instalación en la sala de velación contratada.',
    'Velación durante el tiempo contratado.',
    'Traslado final al cementerio o al crematorio.',
  ],
  questions: [
    {
      question: '¿Cuánto dura la preparación del difunto?',
      answer:
        'La preparación sencilla dura 24 horas y la especial, de 48 a 72 horas. La especial se recomienda cuando la velación será larga o se espera a familiares que vienen de lejos.',
    },
    {
      question: '¿Qué salas de velación ofrecemos?',
      answer:
        'La Sala Edificio Crematorio y la Sala VIP en Funeraria. El precio depende de la sala y del tiempo de velación.',
    },
    {
      question: '¿Es obligatorio comprar el ataúd?',
      answer: 'No. El servicio permite alquilar un ataúd sencillo, mejorado o de lujo.',
    },
    {
      question: '¿Qué datos necesito para registrar el servicio?',
      answer:
        'Los datos del cliente, los del difunto (nombre, cédula, fecha de nacimiento y parentesco) y los de la defunción (fecha, causa y lugar).',
    },
  ],
};

const plots: Topic = {
  id: 'parcelas',
  title: 'Parcelas',
  process: 'Proceso de adquisición de una parcela',
  definition:
    'Una parcela es un espacio del cementerio destinado a la inhumación, que la familia adquiere para sus seres queridos. Cada parcela se identifica con un código que indica su ubicación en el mapa.',
  characteristics: [
    'Cada parcela tiene capacidad para 3 inhumaciones (3 puestos).',
    'Se identifica con un código del tipo AXX-XX-XX (por ejemplo, A03-26-01).',
    'Solo se vende una parcela con puestos disponibles.',
    'Puede pagarse de contado o financiada en hasta 6 cuotas.',
    'El pago de contado en dólares tiene un 20 % de descuento.',
  ],
  requirements: [
    'Código de la parcela elegida en el mapa.',
    'Datos y cédula de identidad del cliente.',
    'Plan y modalidad de pago.',
    'Pago inicial, si es financiada.',
  ],
  additionalServices: [
    'Inhumación en la parcela.',
    'Honra de exequias.',
    'Servicio funerario.',
    'Registro de personas autorizadas en el contrato.',
  ],
  steps: [
    'Selección de la parcela: el vendedor consulta el código en el mapa, verifica los puestos disponibles y registra la solicitud.',
    'Formalización del contrato: recibido el pago, administración convierte la solicitud en contrato y la parcela queda asignada a la familia.',
  ],
  questions: [
    {
      question: '¿Cuántas personas pueden inhumarse en una parcela?',
      answer: 'Cada parcela tiene capacidad para 3 inhumaciones.',
    },
    {
      question: '¿Cómo sé si una parcela está disponible?',
      answer:
        'Al escribir el código en el formulario de la solicitud, el sistema indica cuántos puestos tiene disponibles. Si no tiene ninguno, no puede venderse.',
    },
    {
      question: '¿Puedo pagarla en cuotas?',
      answer:
        'Sí. Puede pagarse de contado o financiada en hasta 6 cuotas. El pago de contado en dólares tiene un 20 % de descuento.',
    },
    {
      question: '¿Quién puede hacer trámites sobre la parcela?',
      answer:
        'El titular del contrato y hasta 2 personas autorizadas, que se registran en la sección Autorizados.',
    },
  ],
};

const columbaria: Topic = {
  id: 'columbarios',
  title: 'Columbarios',
  process: 'Proceso de adquisición de un nicho de columbario',
  definition:
    'Un columbario es una estructura con nichos donde se depositan las urnas con las cenizas de los seres queridos, en un lugar digno y tranquilo al que la familia puede acudir a recordarlos.',
  characteristics: [
    'Un nicho sencillo guarda 1 urna; un nicho dúplex guarda 2 urnas.',
    'Cada nicho se identifica por su capilla, lado, fila y columna.',
    'Los columbarios tienen cuatro lados: Izquierdo Externo, Izquierdo Interno, Derecho Interno y Derecho Externo.',
    'Un nicho ocupado o reservado no puede venderse.',
    'Puede pagarse de contado o financiado.',
  ],
  requirements: [
    'Código del nicho elegido en los mapas de los columbarios.',
    'Datos y cédula de identidad del cliente.',
    'Modalidad de pago.',
    'Urna o urnas con las cenizas y su certificado de cremación, al momento de la colocación.',
  ],
  additionalServices: [
    'Cremación.',
    'Urna.',
    'Lápida de identificación del nicho.',
    'Honra de exequias al momento de la colocación.',
  ],
  steps: [
    'Selección del nicho: el vendedor consulta el código en los mapas de los columbarios y verifica que esté disponible.',
    'Contratación y colocación: se formaliza el contrato y, cuando la familia lo dispone, se colocan la urna o las urnas en el nicho.',
  ],
  questions: [
    {
      question: '¿Cuántas urnas caben en un nicho?',
      answer: 'Un nicho sencillo guarda 1 urna y un nicho dúplex, 2 urnas.',
    },
    {
      question: '¿Cómo encuentro un nicho disponible?',
      answer:
        'En el formulario de la solicitud, el botón de ayuda muestra los mapas de los cuatro lados del columbario con sus códigos. Al escribir el código, el sistema indica si el nicho está disponible.',
    },
    {
      question: '¿Puedo reservar un nicho antes de la cremación?',
      answer:
        'Sí. El nicho puede contratarse con anticipación, por ejemplo junto con un plan previsivo, y la urna se coloca cuando la familia lo disponga.',
    },
  ],
};

/** SPEC §2 Ayuda: the five topics, in the order the previous and next arrows cycle through them. */
export const TOPICS: readonly Topic[] = [cremation, funeralHonours, funeralService, plots, columbaria];
