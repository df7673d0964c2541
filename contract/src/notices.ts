import { DEFAULT_LANGUAGE, type Language } from './languages';

/**
 * What a person is told outside the request that caused it: the bell's notifications and their emails.
 * A notice is kept as a code and its parts (names as written, numbers as numbers), and said in the
 * reader's language when it is read: on the screen in the app's language, by email in the language
 * the recipient saved. Its texts live here, not in the app's catalogues, because the server writes
 * the emails.
 */
export const NOTICE_CODES = [
  'lowStock',
  'lowStockIncoming',
  'stockRequested',
  'requestApproved',
  'requestRejected',
  'transferDispatched',
  'transferArrivedDamaged',
  'transferArrivedLost',
  'webhookDisabled',
  'serviceDueSoon',
  'batchExpiring',
  'batchExpired',
] as const;
export type NoticeCode = (typeof NOTICE_CODES)[number];
export type NoticePart = string | number;

/** The kinds of notification, each with its email's subject (`{store}`) and the screen the email points to. */
export const NOTICE_KINDS = ['low_stock', 'request', 'transfer', 'expiry'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

type Catalogue = {
  notices: Record<NoticeCode, string>;
  subjects: Record<NoticeKind | 'other', string>;
  screens: Record<NoticeKind | 'other', string>;
};

/** Each notice with its parts as `{p0}`, `{p1}`…, in every language the app speaks. */
export const NOTICE_TEXTS: Record<Language, Catalogue> = {
  en: {
    notices: {
      lowStock: '{p0} is low in {p1}: {p2} {p3} left, minimum {p4}.',
      lowStockIncoming: '{p0} is low in {p1}: {p2} {p3} left, {p4} on the way, minimum {p5}.',
      stockRequested: '{p0} requests {p1}.',
      requestApproved: 'Your request was approved: {p0} from {p1} will bring {p2}.',
      requestRejected: 'Your request for {p0} was rejected: {p1}',
      transferDispatched: '{p0} from {p1} is on its way to {p2}: {p3}.',
      transferArrivedDamaged: '{p0} from {p1} arrived at {p2} with {p3} damaged.',
      transferArrivedLost: '{p0} from {p1} arrived at {p2} with {p3} damaged and {p4} written off.',
      webhookDisabled:
        'The webhook to {p0} was switched off after a day of failed deliveries. Fix the receiver, then switch the webhook on again.',
      serviceDueSoon: '{p0} {p1} at {p4} is due for its {p2} service on {p3}. Record the service before it is handed out again.',
      batchExpiring: '{p0} batch {p1} at {p3} expires on {p2}: {p4} {p5} left. Use it first.',
      batchExpired: '{p0} batch {p1} at {p3} expired on {p2}: {p4} {p5} left. Record it as damaged or return it to the supplier.',
    },
    subjects: {
      low_stock: 'Low stock in {store}',
      request: 'Stock request of {store}',
      transfer: 'Transfer for {store}',
      expiry: 'Expiring stock in {store}',
      other: 'Stockyard notification',
    },
    screens: {
      low_stock: "Open Stockyard's Low Stock screen to send a request to the warehouse.",
      request: "Open Stockyard's Requests screen.",
      transfer: "Open Stockyard's Transfers screen.",
      expiry: "Open Stockyard's Expiring screen.",
      other: 'Open Stockyard to see it.',
    },
  },
  es: {
    notices: {
      lowStock: '{p0} está bajo mínimo en {p1}: quedan {p2} {p3}, mínimo {p4}.',
      lowStockIncoming: '{p0} está bajo mínimo en {p1}: quedan {p2} {p3}, {p4} en camino, mínimo {p5}.',
      stockRequested: '{p0} solicita {p1}.',
      requestApproved: 'Su solicitud fue aprobada: {p0} de {p1} traerá {p2}.',
      requestRejected: 'Su solicitud de {p0} fue rechazada: {p1}',
      transferDispatched: '{p0} de {p1} está en camino a {p2}: {p3}.',
      transferArrivedDamaged: '{p0} de {p1} llegó a {p2} con {p3} dañados.',
      transferArrivedLost: '{p0} de {p1} llegó a {p2} con {p3} dañados y {p4} dados de baja.',
      webhookDisabled: 'El webhook a {p0} se desactivó tras un día de envíos fallidos. Corrija el receptor y vuelva a activar el webhook.',
      serviceDueSoon:
        'La unidad {p1} de {p0} en {p4} debe pasar su servicio {p2} el {p3}. Registre el servicio antes de volver a entregarla.',
      batchExpiring: 'El lote {p1} de {p0} en {p3} caduca el {p2}: quedan {p4} {p5}. Úselo primero.',
      batchExpired: 'El lote {p1} de {p0} en {p3} caducó el {p2}: quedan {p4} {p5}. Regístrelo como dañado o devuélvalo al proveedor.',
    },
    subjects: {
      low_stock: 'Existencias bajo mínimo en {store}',
      request: 'Solicitud de existencias de {store}',
      transfer: 'Traspaso para {store}',
      expiry: 'Existencias por caducar en {store}',
      other: 'Notificación de Stockyard',
    },
    screens: {
      low_stock: 'Abra la pantalla Bajo mínimo de Stockyard para enviar una solicitud al almacén central.',
      request: 'Abra la pantalla Solicitudes de Stockyard.',
      transfer: 'Abra la pantalla Traspasos de Stockyard.',
      expiry: 'Abra la pantalla Por caducar de Stockyard.',
      other: 'Abra Stockyard para verla.',
    },
  },
  fr: {
    notices: {
      lowStock: '{p0} est bas à {p1} : reste {p2} {p3}, minimum {p4}.',
      lowStockIncoming: '{p0} est bas à {p1} : reste {p2} {p3}, {p4} en route, minimum {p5}.',
      stockRequested: '{p0} demande {p1}.',
      requestApproved: 'Votre demande a été approuvée : {p0} de {p1} apportera {p2}.',
      requestRejected: 'Votre demande de {p0} a été refusée : {p1}',
      transferDispatched: '{p0} de {p1} est en route vers {p2} : {p3}.',
      transferArrivedDamaged: '{p0} de {p1} est arrivé à {p2} avec {p3} endommagés.',
      transferArrivedLost: '{p0} de {p1} est arrivé à {p2} avec {p3} endommagés et {p4} passés en perte.',
      webhookDisabled:
        'Le webhook vers {p0} a été désactivé après une journée d’envois échoués. Corrigez le destinataire, puis réactivez le webhook.',
      serviceDueSoon:
        'L’unité {p1} de {p0} à {p4} doit passer son entretien {p2} le {p3}. Enregistrez l’entretien avant de la confier à nouveau.',
      batchExpiring: 'Le lot {p1} de {p0} à {p3} expire le {p2} : il en reste {p4} {p5}. Utilisez-le en premier.',
      batchExpired:
        'Le lot {p1} de {p0} à {p3} a expiré le {p2} : il en reste {p4} {p5}. Enregistrez-le comme endommagé ou retournez-le au fournisseur.',
    },
    subjects: {
      low_stock: 'Stock bas à {store}',
      request: 'Demande de stock de {store}',
      transfer: 'Transfert pour {store}',
      expiry: 'Stock bientôt périmé à {store}',
      other: 'Notification Stockyard',
    },
    screens: {
      low_stock: "Ouvrez l'écran Stock bas de Stockyard pour envoyer une demande à l'entrepôt.",
      request: "Ouvrez l'écran Demandes de Stockyard.",
      transfer: "Ouvrez l'écran Transferts de Stockyard.",
      expiry: "Ouvrez l'écran Bientôt périmés de Stockyard.",
      other: 'Ouvrez Stockyard pour la voir.',
    },
  },
  hi: {
    notices: {
      lowStock: '{p1} में {p0} कम है: {p2} {p3} बचा है, न्यूनतम {p4}।',
      lowStockIncoming: '{p1} में {p0} कम है: {p2} {p3} बचा है, {p4} रास्ते में, न्यूनतम {p5}।',
      stockRequested: '{p0} ने {p1} का अनुरोध किया है।',
      requestApproved: 'आपका अनुरोध स्वीकृत हुआ: {p1} से {p0} {p2} लाएगा।',
      requestRejected: '{p0} के लिए आपका अनुरोध अस्वीकार हुआ: {p1}',
      transferDispatched: '{p1} से {p0} {p2} के रास्ते में है: {p3}।',
      transferArrivedDamaged: '{p1} से {p0} {p2} पहुँचा, {p3} क्षतिग्रस्त।',
      transferArrivedLost: '{p1} से {p0} {p2} पहुँचा, {p3} क्षतिग्रस्त और {p4} बट्टे खाते में।',
      webhookDisabled: '{p0} का वेबहुक एक दिन तक डिलीवरी विफल रहने के बाद बंद कर दिया गया। प्राप्तकर्ता ठीक करें, फिर वेबहुक को फिर से चालू करें।',
      serviceDueSoon: '{p4} में {p0} की इकाई {p1} की {p2} सर्विस {p3} को देय है। दोबारा देने से पहले सर्विस दर्ज करें।',
      batchExpiring: '{p3} में {p0} का बैच {p1} {p2} को समाप्त होगा: {p4} {p5} बचा है। इसे पहले इस्तेमाल करें।',
      batchExpired: '{p3} में {p0} का बैच {p1} {p2} को समाप्त हो गया: {p4} {p5} बचा है। इसे क्षतिग्रस्त दर्ज करें या आपूर्तिकर्ता को लौटाएँ।',
    },
    subjects: {
      low_stock: '{store} में स्टॉक कम',
      request: '{store} का स्टॉक अनुरोध',
      transfer: '{store} के लिए ट्रांसफ़र',
      expiry: '{store} में समाप्त होने वाला स्टॉक',
      other: 'Stockyard सूचना',
    },
    screens: {
      low_stock: 'गोदाम को अनुरोध भेजने के लिए Stockyard की कम स्टॉक स्क्रीन खोलें।',
      request: 'Stockyard की अनुरोध स्क्रीन खोलें।',
      transfer: 'Stockyard की ट्रांसफ़र स्क्रीन खोलें।',
      expiry: 'Stockyard की समाप्त होने वाले स्क्रीन खोलें।',
      other: 'इसे देखने के लिए Stockyard खोलें।',
    },
  },
};

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

function isNoticeCode(code: string): code is NoticeCode {
  return (NOTICE_CODES as readonly string[]).includes(code);
}

/** A notice in a language: its parts put in, numbers written as that language writes them. */
export function noticeText(language: Language, code: string, parts: readonly NoticePart[]): string {
  const catalogue = NOTICE_TEXTS[language] ?? NOTICE_TEXTS[DEFAULT_LANGUAGE];
  if (!isNoticeCode(code)) return '';
  const numbers = new Intl.NumberFormat(language);
  const values = Object.fromEntries(parts.map((part, index) => [`p${index}`, typeof part === 'number' ? numbers.format(part) : part]));
  return fill(catalogue.notices[code], values);
}

/** A notification email's subject and the line that says where to see it, in a language. */
export function noticeMail(language: Language, kind: string, storeName: string | null): { subject: string; screen: string } {
  const catalogue = NOTICE_TEXTS[language] ?? NOTICE_TEXTS[DEFAULT_LANGUAGE];
  const known = (NOTICE_KINDS as readonly string[]).includes(kind) ? (kind as NoticeKind) : null;
  return {
    subject: known && storeName ? fill(catalogue.subjects[known], { store: storeName }) : catalogue.subjects.other,
    screen: catalogue.screens[known ?? 'other'],
  };
}
