import { DEFAULT_LANGUAGE, type Language, languageOf } from './languages';
import { REPORT_COLUMNS } from './report-sheet';

type ReportColumn = (typeof REPORT_COLUMNS)[number];

/**
 * What the printed documents (the store report, the supplies sheet, the count sheet) say around their
 * figures, in every language the app speaks; `{name}` marks a part put in. A document is printed in
 * the language its request asks for (Accept-Language), English when it asks for none. CSV files keep
 * the English headings: they are read by other programs.
 */
export type PrintedTexts = {
  /** The language the texts are in, which also writes the amounts (Intl.NumberFormat). */
  language: Language;
  reportColumns: Record<ReportColumn, string>;
  total: string;
  storeReport: string;
  storeReportOf: string;
  negativeNote: string;
  preparedBy: string;
  checkedBy: string;
  countedBy: string;
  generated: string;
  page: string;
  supplies: string;
  valuationAsOf: string;
  valuationColumns: [store: string, material: string, quantity: string, averageCost: string, value: string];
  inTransit: string;
  unvalued: string;
  jobCostOf: string;
  jobCostColumns: [line: string, quantity: string, value: string];
  budgetUsed: string;
  anyDay: string;
  suppliesColumns: [product: string, damaged: string, returned: string, issued: string, total: string];
  countOf: { material: string; tool: string };
  countColumns: [item: string, unit: string, counted: string, notes: string];
  purchaseOrderOf: string;
  purchaseOrderColumns: [material: string, quantity: string, unitCost: string, value: string];
  deliverTo: string;
  neededBy: string;
  /** The email that carries an order's PDF to its supplier. */
  orderMail: { subject: string; text: string };
  custodyRecordOf: string;
  custodyColumns: [when: string, event: string, quantity: string, by: string, note: string];
  custodyEvents: { checkout: string; checkin: string; damaged_return: string; loss: string };
  custodyDue: string;
  /** Under a worker's signature: who, when, and at which event (`signatureEvents`). */
  signedBy: string;
  signatureEvents: { handover: string; return: string };
  workerSignature: string;
  keeperSignature: string;
  deliveryNoteOf: string;
  deliveryColumns: [when: string, event: string, quantity: string, by: string, note: string];
  transferNoteOf: string;
  transferColumns: [item: string, unit: string, sent: string, received: string, damaged: string, writtenOff: string, inTransit: string];
  transferDispatched: string;
  transferNotDispatched: string;
  /** What a ledger line on a delivery or transfer note did. */
  lineEvents: { received: string; takenBack: string; dispatched: string; damaged: string };
  /** Under a photo: the line it is on, when, and who recorded it. */
  photoOf: string;
  senderSignature: string;
  receiverSignature: string;
};

export const PRINTED_TEXTS: Record<Language, PrintedTexts> = {
  en: {
    language: 'en',
    reportColumns: Object.fromEntries(REPORT_COLUMNS.map((column) => [column, column])) as Record<ReportColumn, string>,
    total: 'Total',
    storeReport: 'Store Report ({range})',
    storeReportOf: 'Store Report - {store} ({range})',
    negativeNote: 'Figures in red are negative: they include reversals of movements recorded before this period.',
    preparedBy: 'Prepared by',
    checkedBy: 'Checked by',
    countedBy: 'Counted by',
    generated: 'Generated {when} by {by}',
    page: 'Page {page} of {pages}',
    supplies: '{store} - Supplies',
    valuationAsOf: 'Stock valuation - {stores} - end of {day}',
    valuationColumns: ['Store', 'Material', 'Quantity', 'Average cost', 'Value'],
    inTransit: 'In transit',
    unvalued: 'unvalued',
    jobCostOf: 'Job cost - {job} ({range})',
    jobCostColumns: ['Line', 'Quantity', 'Value'],
    budgetUsed: 'Budget {budget}: {percent} used',
    anyDay: 'all days',
    suppliesColumns: ['Product', 'Damaged Stock', 'Return Stock', 'Issued Stock', 'Total Quantity'],
    countOf: { material: 'Stock count of materials - {store} - started {when}', tool: 'Stock count of tools - {store} - started {when}' },
    countColumns: ['Item', 'Unit', 'Counted', 'Notes'],
    purchaseOrderOf: 'Purchase order {number} - {supplier}',
    purchaseOrderColumns: ['Material', 'Quantity', 'Unit cost', 'Value'],
    deliverTo: 'Deliver to: {store}',
    neededBy: 'Needed by {day}',
    custodyRecordOf: 'Custody record - {tool} with {worker}',
    custodyColumns: ['When', 'Event', 'Quantity', 'By', 'Note'],
    custodyEvents: {
      checkout: 'Handed over',
      checkin: 'Returned in good order',
      damaged_return: 'Returned damaged',
      loss: 'Reported lost',
    },
    custodyDue: 'Due back {when} · {store}',
    signedBy: 'Signed by {worker}, {when} ({event})',
    signatureEvents: { handover: 'hand-over', return: 'return' },
    workerSignature: 'Worker',
    keeperSignature: 'Store keeper',
    deliveryNoteOf: 'Delivery note - {material} from {supplier}',
    deliveryColumns: ['When', 'Event', 'Quantity', 'By', 'Note'],
    transferNoteOf: 'Transfer {reference} - {from} to {to}',
    transferColumns: ['Item', 'Unit', 'Sent', 'Received', 'Damaged', 'Written off', 'In transit'],
    transferDispatched: 'Dispatched {when} by {by}',
    transferNotDispatched: 'Not dispatched yet',
    lineEvents: { received: 'Received', takenBack: 'Taken back', dispatched: 'Dispatched', damaged: 'Damaged on arrival' },
    photoOf: '{event}, {when}, {by}',
    senderSignature: 'Sent by',
    receiverSignature: 'Received by',
    orderMail: {
      subject: 'Purchase order {number}',
      text: 'Hello {supplier},\n\nPlease find attached our purchase order {number}, to be delivered to {store}.\n\nThank you.\n',
    },
  },
  es: {
    language: 'es',
    reportColumns: {
      Date: 'Fecha',
      Product: 'Producto',
      Category: 'Categoría',
      Material: 'Material',
      Size: 'Tamaño',
      Unit: 'Unidad',
      'Total Qty': 'Cant. total',
      Purchases: 'Compras',
      'Transfer from Warehouse': 'Traspaso desde almacén central',
      'Transfer from Stores': 'Traspaso desde almacenes',
      Consumed: 'Consumido',
      'Damages/Wastage': 'Daños/Desperdicio',
      Return: 'Devolución',
      'Transfer to Stores': 'Traspaso a almacenes',
      'Returned to Supplier': 'Devuelto al proveedor',
      Adjustments: 'Ajustes',
      'Closing Qty': 'Cant. final',
      'Opening Value': 'Valor inicial',
      'Value In': 'Valor entrado',
      'Value Out': 'Valor salido',
      'Closing Value': 'Valor final',
      Remarks: 'Observaciones',
    },
    total: 'Total',
    storeReport: 'Informe del almacén ({range})',
    storeReportOf: 'Informe del almacén - {store} ({range})',
    negativeNote: 'Las cifras en rojo son negativas: incluyen reversiones de movimientos registrados antes de este periodo.',
    preparedBy: 'Preparado por',
    checkedBy: 'Revisado por',
    countedBy: 'Contado por',
    generated: 'Generado el {when} por {by}',
    page: 'Página {page} de {pages}',
    supplies: '{store} - Suministros',
    valuationAsOf: 'Valoración de existencias - {stores} - fin del {day}',
    valuationColumns: ['Almacén', 'Material', 'Cantidad', 'Costo promedio', 'Valor'],
    inTransit: 'En tránsito',
    unvalued: 'sin valorar',
    jobCostOf: 'Costo del trabajo - {job} ({range})',
    jobCostColumns: ['Línea', 'Cantidad', 'Valor'],
    budgetUsed: 'Presupuesto {budget}: {percent} usado',
    anyDay: 'todos los días',
    suppliesColumns: ['Producto', 'Existencias dañadas', 'Existencias devueltas', 'Existencias entregadas', 'Cantidad total'],
    countOf: {
      material: 'Recuento de materiales - {store} - iniciado el {when}',
      tool: 'Recuento de herramientas - {store} - iniciado el {when}',
    },
    countColumns: ['Artículo', 'Unidad', 'Contado', 'Notas'],
    purchaseOrderOf: 'Orden de compra {number} - {supplier}',
    purchaseOrderColumns: ['Material', 'Cantidad', 'Costo unitario', 'Valor'],
    deliverTo: 'Entregar en: {store}',
    neededBy: 'Se necesita el {day}',
    custodyRecordOf: 'Registro de custodia - {tool} con {worker}',
    custodyColumns: ['Cuándo', 'Hecho', 'Cantidad', 'Por', 'Nota'],
    custodyEvents: {
      checkout: 'Entregada',
      checkin: 'Devuelta en buen estado',
      damaged_return: 'Devuelta dañada',
      loss: 'Declarada perdida',
    },
    custodyDue: 'Devolver antes de {when} · {store}',
    signedBy: 'Firmado por {worker}, {when} ({event})',
    signatureEvents: { handover: 'entrega', return: 'devolución' },
    workerSignature: 'Trabajador',
    keeperSignature: 'Almacenero',
    deliveryNoteOf: 'Albarán - {material} de {supplier}',
    deliveryColumns: ['Cuándo', 'Hecho', 'Cantidad', 'Por', 'Nota'],
    transferNoteOf: 'Traspaso {reference} - de {from} a {to}',
    transferColumns: ['Artículo', 'Unidad', 'Enviado', 'Recibido', 'Dañado', 'Dado de baja', 'En tránsito'],
    transferDispatched: 'Enviado {when} por {by}',
    transferNotDispatched: 'Aún no enviado',
    lineEvents: { received: 'Recibido', takenBack: 'Retirado', dispatched: 'Enviado', damaged: 'Dañado al llegar' },
    photoOf: '{event}, {when}, {by}',
    senderSignature: 'Enviado por',
    receiverSignature: 'Recibido por',
    orderMail: {
      subject: 'Orden de compra {number}',
      text: 'Hola {supplier}:\n\nAdjuntamos nuestra orden de compra {number}, para entregar en {store}.\n\nGracias.\n',
    },
  },
  fr: {
    language: 'fr',
    reportColumns: {
      Date: 'Date',
      Product: 'Produit',
      Category: 'Catégorie',
      Material: 'Matériau',
      Size: 'Taille',
      Unit: 'Unité',
      'Total Qty': 'Qté totale',
      Purchases: 'Achats',
      'Transfer from Warehouse': "Transfert depuis l'entrepôt",
      'Transfer from Stores': 'Transfert depuis les magasins',
      Consumed: 'Consommé',
      'Damages/Wastage': 'Dégâts/Pertes',
      Return: 'Retour',
      'Transfer to Stores': 'Transfert vers les magasins',
      'Returned to Supplier': 'Retourné au fournisseur',
      Adjustments: 'Ajustements',
      'Closing Qty': 'Qté finale',
      'Opening Value': 'Valeur initiale',
      'Value In': 'Valeur entrée',
      'Value Out': 'Valeur sortie',
      'Closing Value': 'Valeur finale',
      Remarks: 'Remarques',
    },
    total: 'Total',
    storeReport: 'Rapport du magasin ({range})',
    storeReportOf: 'Rapport du magasin - {store} ({range})',
    negativeNote: 'Les chiffres en rouge sont négatifs : ils comprennent des annulations de mouvements enregistrés avant cette période.',
    preparedBy: 'Préparé par',
    checkedBy: 'Vérifié par',
    countedBy: 'Compté par',
    generated: 'Généré le {when} par {by}',
    page: 'Page {page} sur {pages}',
    supplies: '{store} - Fournitures',
    valuationAsOf: 'Valorisation du stock - {stores} - fin du {day}',
    valuationColumns: ['Magasin', 'Matériau', 'Quantité', 'Coût moyen', 'Valeur'],
    inTransit: 'En transit',
    unvalued: 'non valorisé',
    jobCostOf: 'Coût du chantier - {job} ({range})',
    jobCostColumns: ['Ligne', 'Quantité', 'Valeur'],
    budgetUsed: 'Budget {budget} : {percent} utilisé',
    anyDay: 'tous les jours',
    suppliesColumns: ['Produit', 'Stock endommagé', 'Stock retourné', 'Stock sorti', 'Quantité totale'],
    countOf: {
      material: 'Inventaire des matériaux - {store} - commencé le {when}',
      tool: 'Inventaire des outils - {store} - commencé le {when}',
    },
    countColumns: ['Article', 'Unité', 'Compté', 'Notes'],
    purchaseOrderOf: 'Bon de commande {number} - {supplier}',
    purchaseOrderColumns: ['Matériau', 'Quantité', 'Coût unitaire', 'Valeur'],
    deliverTo: 'Livrer à : {store}',
    neededBy: 'Requis le {day}',
    custodyRecordOf: 'Fiche de prêt - {tool} chez {worker}',
    custodyColumns: ['Quand', 'Événement', 'Quantité', 'Par', 'Note'],
    custodyEvents: { checkout: 'Remis', checkin: 'Rendu en bon état', damaged_return: 'Rendu endommagé', loss: 'Déclaré perdu' },
    custodyDue: 'À rendre le {when} · {store}',
    signedBy: 'Signé par {worker}, {when} ({event})',
    signatureEvents: { handover: 'remise', return: 'retour' },
    workerSignature: 'Ouvrier',
    keeperSignature: 'Magasinier',
    deliveryNoteOf: 'Bon de livraison - {material} de {supplier}',
    deliveryColumns: ['Quand', 'Événement', 'Quantité', 'Par', 'Note'],
    transferNoteOf: 'Transfert {reference} - de {from} à {to}',
    transferColumns: ['Article', 'Unité', 'Envoyé', 'Reçu', 'Endommagé', 'Passé en perte', 'En transit'],
    transferDispatched: 'Expédié le {when} par {by}',
    transferNotDispatched: 'Pas encore expédié',
    lineEvents: { received: 'Reçu', takenBack: 'Repris', dispatched: 'Expédié', damaged: 'Endommagé à l’arrivée' },
    photoOf: '{event}, {when}, {by}',
    senderSignature: 'Envoyé par',
    receiverSignature: 'Reçu par',
    orderMail: {
      subject: 'Bon de commande {number}',
      text: 'Bonjour {supplier},\n\nVeuillez trouver ci-joint notre bon de commande {number}, à livrer à {store}.\n\nMerci.\n',
    },
  },
  hi: {
    language: 'hi',
    reportColumns: {
      Date: 'तारीख़',
      Product: 'उत्पाद',
      Category: 'श्रेणी',
      Material: 'सामग्री',
      Size: 'आकार',
      Unit: 'इकाई',
      'Total Qty': 'कुल मात्रा',
      Purchases: 'ख़रीद',
      'Transfer from Warehouse': 'गोदाम से ट्रांसफ़र',
      'Transfer from Stores': 'स्टोरों से ट्रांसफ़र',
      Consumed: 'खपत',
      'Damages/Wastage': 'क्षति/बर्बादी',
      Return: 'वापसी',
      'Transfer to Stores': 'स्टोरों को ट्रांसफ़र',
      'Returned to Supplier': 'आपूर्तिकर्ता को लौटाया',
      Adjustments: 'समायोजन',
      'Closing Qty': 'अंतिम मात्रा',
      'Opening Value': 'प्रारंभिक मूल्य',
      'Value In': 'आया मूल्य',
      'Value Out': 'गया मूल्य',
      'Closing Value': 'अंतिम मूल्य',
      Remarks: 'टिप्पणी',
    },
    total: 'कुल',
    storeReport: 'स्टोर रिपोर्ट ({range})',
    storeReportOf: 'स्टोर रिपोर्ट - {store} ({range})',
    negativeNote: 'लाल अंक ऋणात्मक हैं: इनमें इस अवधि से पहले दर्ज लेन-देन की वापसी शामिल है।',
    preparedBy: 'तैयारकर्ता',
    checkedBy: 'जाँचकर्ता',
    countedBy: 'गणनाकर्ता',
    generated: '{when} को {by} द्वारा बनाया गया',
    page: 'पृष्ठ {page} / {pages}',
    supplies: '{store} - आपूर्ति',
    valuationAsOf: 'स्टॉक मूल्यांकन - {stores} - {day} के अंत में',
    valuationColumns: ['स्टोर', 'सामग्री', 'मात्रा', 'औसत लागत', 'मूल्य'],
    inTransit: 'रास्ते में',
    unvalued: 'अमूल्यांकित',
    jobCostOf: 'जॉब लागत - {job} ({range})',
    jobCostColumns: ['पंक्ति', 'मात्रा', 'मूल्य'],
    budgetUsed: 'बजट {budget}: {percent} उपयोग हुआ',
    anyDay: 'सभी दिन',
    suppliesColumns: ['उत्पाद', 'क्षतिग्रस्त स्टॉक', 'वापसी स्टॉक', 'जारी स्टॉक', 'कुल मात्रा'],
    countOf: {
      material: 'सामग्री की गिनती - {store} - {when} से शुरू',
      tool: 'औज़ारों की गिनती - {store} - {when} से शुरू',
    },
    countColumns: ['वस्तु', 'इकाई', 'गिना गया', 'नोट'],
    purchaseOrderOf: 'क्रय आदेश {number} - {supplier}',
    purchaseOrderColumns: ['सामग्री', 'मात्रा', 'इकाई लागत', 'मूल्य'],
    deliverTo: 'डिलीवरी: {store}',
    neededBy: '{day} तक आवश्यक',
    custodyRecordOf: 'अभिरक्षा रिकॉर्ड - {tool}, {worker} के पास',
    custodyColumns: ['कब', 'घटना', 'मात्रा', 'द्वारा', 'टिप्पणी'],
    custodyEvents: { checkout: 'सौंपा गया', checkin: 'अच्छी हालत में लौटाया', damaged_return: 'क्षतिग्रस्त लौटाया', loss: 'खोया बताया' },
    custodyDue: 'लौटाने की तिथि {when} · {store}',
    signedBy: '{worker} द्वारा हस्ताक्षरित, {when} ({event})',
    signatureEvents: { handover: 'सौंपना', return: 'वापसी' },
    workerSignature: 'कामगार',
    keeperSignature: 'स्टोर कीपर',
    deliveryNoteOf: 'डिलीवरी नोट - {material}, {supplier} से',
    deliveryColumns: ['कब', 'घटना', 'मात्रा', 'द्वारा', 'टिप्पणी'],
    transferNoteOf: 'ट्रांसफर {reference} - {from} से {to}',
    transferColumns: ['वस्तु', 'इकाई', 'भेजा', 'प्राप्त', 'क्षतिग्रस्त', 'बट्टे खाते', 'रास्ते में'],
    transferDispatched: '{when} को {by} द्वारा भेजा गया',
    transferNotDispatched: 'अभी भेजा नहीं गया',
    lineEvents: { received: 'प्राप्त', takenBack: 'वापस लिया', dispatched: 'भेजा गया', damaged: 'पहुँचने पर क्षतिग्रस्त' },
    photoOf: '{event}, {when}, {by}',
    senderSignature: 'भेजने वाला',
    receiverSignature: 'प्राप्त करने वाला',
    orderMail: {
      subject: 'क्रय आदेश {number}',
      text: 'नमस्ते {supplier},\n\nकृपया संलग्न क्रय आदेश {number} देखें, जिसकी डिलीवरी {store} पर करनी है।\n\nधन्यवाद।\n',
    },
  },
};

/** A printed text with its parts put in. */
export function fillPrinted(text: string, parts: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in parts ? String(parts[name]) : whole));
}

/** The texts to print in, from a request's Accept-Language header (English when it names none the app speaks). */
export function printedTextsFor(acceptLanguage: string | undefined): PrintedTexts {
  return PRINTED_TEXTS[printedLanguage(acceptLanguage)];
}

/** The language to print in, from a request's Accept-Language header (its tags by quality). */
export function printedLanguage(acceptLanguage: string | undefined): Language {
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const quality = Number(
        params
          .find((param) => param.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0 };
    })
    .filter((entry) => entry.tag !== '' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality)
    .map((entry) => entry.tag);
  return tags.length > 0 ? languageOf(tags) : DEFAULT_LANGUAGE;
}
