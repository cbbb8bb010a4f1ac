# sudoscope: el catálogo en español (Río de la Plata), en el formato de Project Fluent.
#
# Las palabras son las del curso: celdas fijas, costo, vecinos, mesetas, gradiente descendente,
# simulated annealing, búsqueda local beam, algoritmos genéticos, población, generación.
# Revisión: un docente o ayudante de la materia, leyendo la pantalla con
#   sudoscope --lang es                       (y `sudoscope tui --lang es --lesson local-search`)
# y comparando con en.ftl; cada mensaje lleva los mismos argumentos ({ $nombre }) que en inglés
# (las pruebas lo controlan). Las correcciones se mandan como un cambio a este archivo.

## La tabla de teclas: qué hace cada una (ayuda) y su palabra en la línea de estado
key-run-pause = correr / pausar
hint-run-pause = corre/pausa
key-step = un paso (pausa)
hint-step = paso
key-step-many = 100 pasos
key-faster = más rápido: 1, 2, 5, 10, 30, 100, 1k, 10k, 100k pasos/s, y después sin límite
hint-faster = ritmo
key-slower = más lento
key-undo = deshacer un paso (se guardan a 2000 pasos/s o menos)
hint-undo = atrás
key-undo-many = deshacer 20 pasos
key-restart = empezar de nuevo con otra semilla
key-pick-algorithm = cambiar de algoritmo, siguiendo desde el tablero
hint-pick-algorithm = algoritmo
key-toggle-preset = alternar la versión clásica / ajustada, siguiendo desde el tablero
hint-toggle-preset = versión
key-edit-parameter = cambiar un parámetro en vivo (se valida y sigue desde el tablero)
hint-edit-parameter = parámetro
key-open-puzzle = abrir otro sudoku: un nombre, set:N, un archivo, el texto del sudoku o generate:hard
hint-open-puzzle = sudoku
key-candidates = candidatos: las marcas de lápiz según las celdas fijas, después según este tablero, después nada
key-solution = marcar las celdas distintas de la solución
key-landscape = por qué se estancó: los vecinos que bajan, quedan igual o suben
hint-landscape = estancado
key-cell-mode = cursor de celda: flechas o hjkl para moverse; se ven los candidatos y conflictos de la celda
key-focus-layout = vista concentrada: solo la grilla, el gráfico de costo y el título
key-theme = tema: oscuro, claro (para un proyector blanco), monocromo
key-next-scene = clase: escena siguiente
key-previous-scene = clase: escena anterior
key-add-racer = carrera: sumar un algoritmo al lado (hasta cuatro, arrancan juntos)
hint-add-racer = carrera
key-remove-racer = carrera: sacar el algoritmo enfocado
key-next-pane = carrera: enfocar el panel siguiente
key-experiment = experimento: 100 reinicios de cada algoritmo en pantalla, en todos los núcleos
hint-experiment = experimento
key-show-command = mostrar el comando que reproduce esta vista (a: sumarlo a una clase)
key-help = ayuda: todas las teclas
hint-help = ayuda
key-quit = salir
hint-quit = salir
keyname-space = espacio

## La pantalla
too-small = la terminal es chica: hacen falta { $w }×{ $h }
too-small-now = ahora { $w }×{ $h }; agrandá la ventana o achicá la letra
too-small-quit = q sale
pane-starting = arrancando…
pane-crashed = la búsqueda se cortó por un error
pane-crashed-keys = a: cambiar de algoritmo · r: empezar de nuevo
speed-unlimited = sin límite
speed-steps = { $n ->
    [one] { $speed } paso/s
   *[other] { $speed } pasos/s
}
state-running = activa
state-paused = pausada
state-ended = terminó
state-stopped = detenida por { $signal }: sigue tras un SIGCONT
panel-ended-after-trace = tras su traza entera, el comando { $how }
exit-status = terminó con estado { $status }
exit-signal = fue terminado por la señal { $signal } ({ $name })
pane-trace = traza

## Los paneles junto a la grilla
panel-seed = semilla { $seed }
panel-no-parameters = sin parámetros
panel-figures = paso { $steps }  costo { $cost }  mejor { $best }
race-figures = paso { $steps } costo { $cost } mejor { $best }
race-figures-short = paso { $steps } costo { $cost }
race-figures-step = paso { $steps }
panel-algorithm = algoritmo
panel-solved-before-moving = la propagación sola resolvió este sudoku antes del primer movimiento: para ver la búsqueda, e y propagate en 0, o p para la versión clásica
panel-step-log = registro de pasos
cell-none = ninguno
cell-holds = { $cell } tiene { $value }
cell-holds-given = { $cell } tiene { $value } (fija)
cell-candidates = candidatos en este tablero: { $values }
cell-pencil-marks = marcas de lápiz según las celdas fijas: { $values }
cell-conflicts = en conflicto con { $cells }
cell-click = clic en una celda (o v y flechas) para ver sus candidatos

## La leyenda bajo la grilla
legend-given = fija
legend-conflict = conflicto
legend-given-conflict = fija en conflicto
legend-last-change = último cambio
legend-differs = distinta de la solución
legend-on = activo: { $what }
legend-on-differences = diferencias
legend-on-why-stuck = por qué se estancó
legend-on-cell-cursor = cursor de celda
legend-on-theme = tema { $theme }
theme-dark = oscuro
theme-light = claro
theme-mono = monocromo

## El panel de por qué se estancó (l)
stuck-title = por qué está donde está (l)
stuck-none = esta búsqueda no tiene vecindario para mostrar (el método exacto recorre un árbol)
stuck-downhill = bajan { $n }
stuck-sideways = iguales { $n }
stuck-uphill = suben { $n }
stuck-of = (de { $n } vecinos)
stuck-rows-hidden = { $n ->
    [one] { $n } fila más de Δ queda afuera: una ventana más alta la muestra
   *[other] { $n } filas más de Δ quedan afuera: una ventana más alta las muestra
}
stuck-strict-minimum = ningún vecino es mejor ni igual: un mínimo local estricto
stuck-minimum = ningún vecino es mejor: un mínimo local (una meseta sigue con movimientos laterales)
stuck-population = población de { $size }: { $converged } de { $cells } celdas tienen un mismo valor en todos los individuos
stuck-population-others = las demás tienen en promedio { $mean } valores distintos
stuck-population-cells = valores distintos por celda (· = todos los individuos coinciden):
stuck-values = valores
stuck-settled = asentadas (90 % en un valor): { $settled } de { $open } celdas libres
stuck-share = parte media del valor más fuerte { $share } % (1/{ $n } = pareja)
stuck-shade = sombra = parte del valor más fuerte: ░<50 % ▒<70 % ▓<90 % █
candidates-givens = marcas de lápiz según las fijas
candidates-board = candidatos en este tablero

## El gráfico de costo
chart-cost = costo
chart-best = mejor
chart-title = costo y mejor costo
chart-step = paso
chart-step-log = paso (log)
chart-worst = peor

## Lo que se abre sobre la pantalla
help-mouse = mouse: clic en una celda para ver sus candidatos y conflictos
help-grid = grilla: fijas en negrita, conflictos subrayados, último cambio invertido
help-close = cualquier otra tecla cierra la ayuda (las flechas, RePág, AvPág y espacio la desplazan)
help-title = teclas
help-scroll = ↑↓ RePág AvPág desplazan · filas { $first }–{ $last } de { $rows }
command-intro = este comando abre la misma vista (sudoku, algoritmo, versión, parámetros, semilla, el tablero desde el que siguió):
command-keys = copiado al portapapeles (OSC 52) · w lo guarda en un archivo · a lo suma como escena de una clase · otra tecla cierra
command-title = línea de comando
lesson-recorded-title = Una clase grabada en sudoscope
lesson-recorded-caption = una escena grabada en sudoscope
command-pushed = estas son las ejecuciones de { $name } tal como llegan al tablero de la clase: ninguna línea de comandos las abre en otra parte. En la máquina de { $name }, la notebook muestra cada ejecución en su celda, y sudoscope watch --follow sigue el archivo de traza que escribe Trace(...) (dice dónde al terminar una ejecución).
command-pushed-keys = cualquier tecla cierra
picker-keys = versión { $preset } (←/→ o tab alternan) · escribí las primeras letras · enter { $enter } · esc cancela
picker-enter-race = lo suma a la carrera
picker-enter-switch = sigue desde el tablero
picker-more = hay más
picker-title-race = sumar a la carrera
picker-title-switch = cambiar de algoritmo
params-keys = ↑/↓ o escribí un nombre · enter edita · enter otra vez aplica (desde el tablero) · esc
params-title = parámetros de { $method }
opener-what = un nombre (sudoku_7), set:N (top95:12), un archivo (ruta o ruta:N), el texto de un sudoku, o uno nuevo: generate:hard
opener-keys = enter abre · esc cancela · `sudoscope puzzles` lista los sets
opener-title = abrir un sudoku

## La vista de experimento (x)
experiment-progress = { $done } / { $total } ejecuciones sobre { $puzzle }
experiment-stopped = detenido
experiment-done = listo
experiment-title = experimento: 100 reinicios de cada uno en todos los núcleos · x detiene · esc cierra
experiment-title-short = experimento · x detiene · esc cierra
experiment-algorithm = algoritmo
experiment-runs = ejecuciones
experiment-solved = resueltas
experiment-rate = tasa
experiment-interval = intervalo 95 %
experiment-median = mediana al resolver
experiment-success = tasa de éxito (%)

## Mensajes en la línea de estado
scene-label = escena { $n }/{ $of }
status-watched-settings = una búsqueda observada conserva su configuración: a cambia a un algoritmo propio desde su tablero
status-watched-puzzle = una traza observada es de su propio sudoku
status-showing = se ven { $what }
status-no-solution = no hay una solución única con la cual comparar
status-race-full = una carrera tiene a lo sumo cuatro algoritmos
status-last-algorithm = el último algoritmo se queda: con a se cambia
status-cell-mode = celda: flechas o hjkl mueven, esc sale
status-no-lesson = no hay clase: se empieza con `sudoscope tui --lesson ARCHIVO`
status-last-scene = es la última escena
status-first-scene = es la primera escena
status-watched-experiment = reinicios de una búsqueda observada: sudoscope experiment --command 'COMANDO {"{"}seed{"}"}'
status-scene-command = el comando de esta escena no arrancó, así que el tablero espera en pausa: { $reason }
status-scene-no-command = esta escena ejecuta un programa ({ $command }), y una página web no puede, así que el tablero espera en pausa: abrí la clase en sudoscope para verla.
caption-program-missing = (su programa no corre acá; en pantalla: { $algo })
command-written = guardado en { $path } en una línea (y copiado al portapapeles si la terminal lo permite)
cannot-write = no se puede escribir { $path }: { $reason }
command-appended = sumado como escena { $n } de { $path }
guest-writes = una sesión remota no escribe archivos en el servidor: el comando está arriba, y en tu portapapeles si tu terminal lo permite

## El registro de pasos: qué hizo cada paso
log-cost = costo { $cost }
log-downhill = baja { $delta }, aceptado
log-sideways = lateral 0, aceptado
log-uphill-accepted = sube { $delta }, aceptado, p = { $p } con T = { $t }
log-uphill-taken = sube { $delta }, aceptado
log-uphill-rejected = sube { $delta }, rechazado, p = { $p } con T = { $t }
log-sideways-frozen = lateral 0 rechazado: T llegó a 0
log-tabu = { $delta } rechazado: el estado es tabú
log-no-move = ningún vecino mejora: un mínimo local
log-set = cambia { $cell } { $from }→{ $to }
log-swap = intercambia { $a } y { $b } ({ $a_value }↔{ $b_value })
log-sweep =
    { $n ->
        [one] una pasada volvió a sortear { $n } celda
       *[other] una pasada volvió a sortear { $n } celdas
    }
log-generation = generación { $index }: mejor { $best }, media { $mean }, peor { $worst }
log-ant = iteración { $iteration }, hormiga { $ant }: llenó { $filled } de { $cells } celdas ({ $chosen } elegidas, el resto por propagación)
log-ant-failed = , { $n } quedaron sin valor posible
log-ant-deposit-new =
    { $n ->
        [one] ; la mejor hormiga de esta iteración pasa a ser la referencia y deja { $amount } en su { $n } valor
       *[other] ; la mejor hormiga de esta iteración pasa a ser la referencia y deja { $amount } en sus { $n } valores
    }
log-ant-deposit =
    { $n ->
        [one] ; la hormiga de referencia deja { $amount } en su { $n } valor
       *[other] ; la hormiga de referencia deja { $amount } en sus { $n } valores
    }
log-ant-reset = ; demasiado tiempo sin mejorar la mejor: la feromona vuelve a empezar
log-propagated =
    { $n ->
        [one] la propagación ubicó { $n } celda
       *[other] la propagación ubicó { $n } celdas
    }
log-propagated-contradiction =
    { $n ->
        [one] la propagación ubicó { $n } celda y llegó a una contradicción
       *[other] la propagación ubicó { $n } celdas y llegó a una contradicción
    }
log-guess = supone { $cell } = { $value } (entre { $options }) en profundidad { $depth }
log-undone = se deshace la suposición en { $cell }: no queda valor en profundidad { $depth }
log-backtrack = backtracking: prueba { $cell } = { $value } en profundidad { $depth }
log-solution = solución { $n } encontrada
log-finished = árbol de búsqueda agotado
log-returned-zero = el costo 0 se alcanzó en el paso { $at }, pero el registro del curso se queda con el estado de costo { $cost }
log-returned = el registro del curso devuelve el estado que guardó, costo { $cost }
log-idle = nada que hacer: la búsqueda terminó

## Lo que la búsqueda de un panel dice en el registro además de sus pasos
runner-crashed = la búsqueda se cortó por un error: { $message }
runner-trace-unwritable = no se puede escribir la traza { $path }: { $reason }
runner-starts-trace = arranca { $algo } (una traza: { $source }), costo { $cost }
runner-starts = arranca { $algo } ({ $preset }), semilla { $seed }, costo { $cost }
runner-ended = terminó: { $how } (mejor costo { $best })
runner-ended-after = terminó: { $how } tras { $steps } pasos (mejor costo { $best })
runner-trace-stopped = la traza no se pudo seguir escribiendo
runner-switched = cambió a { $algo } ({ $preset }) desde el tablero, costo { $cost }
runner-restarted = empezó de nuevo con la semilla { $seed }, costo { $cost }
runner-restarted-shared = empezó de nuevo desde el tablero compartido con la semilla { $seed }, costo { $cost }
runner-nothing-to-rewind = nada que deshacer: los pasos se guardan a 2000 pasos/s o menos
runner-rewound = { $n ->
    [one] deshizo { $n } paso, costo { $cost }
   *[other] deshizo { $n } pasos, costo { $cost }
}

## Nombres que el programa guarda en inglés, como los muestra la pantalla
ending-solved = resuelto
ending-stuck = estancado
ending-budget-spent = presupuesto agotado
ending-unsolvable = sin solución
ending-cut-short = cortada
ending-interrupted = interrumpida
ending-failed = falló
preset-classic = v. clásica
preset-tuned = v. ajustada
algo-steepest = gradiente descendente
algo-stochastic = gradiente estocástico
algo-plateau = gradiente con mesetas
algo-annealing = simulated annealing
algo-beam = búsqueda local beam
algo-genetic = algoritmo genético
algo-sampling = muestreo guiado por conflictos
algo-tabu = annealing con lista tabú
algo-ants = colonia de hormigas
algo-backtrack = backtracking exacto
algo-short-steepest = gradiente
algo-short-stochastic = estocástico
algo-short-plateau = mesetas
algo-short-annealing = annealing
algo-short-beam = beam
algo-short-genetic = genético
algo-short-sampling = muestreo
algo-short-tabu = tabú
algo-short-ants = hormigas
algo-short-backtrack = backtracking
preset-short-classic = clás.
preset-short-tuned = ajust.

## Las cifras de una búsqueda (métricas y series)
metric-t0 = T0
metric-acceptance = aceptación
metric-accepted-moves = movimientos aceptados
metric-ant = hormiga
metric-backtracks = retrocesos
metric-beam-width = ancho del beam
metric-best-cells-filled = celdas llenas de la mejor
metric-chain-length = largo de cadena
metric-deposit = depósito
metric-depth = profundidad
metric-diversity = diversidad
metric-examined-this-pass = vistos en esta pasada
metric-free-cells = celdas libres
metric-generation = generación
metric-guesses = suposiciones
metric-handovers = relevos
metric-iteration = iteración
metric-max-depth = profundidad máxima
metric-best = mejor
metric-mean = media
metric-neighbours = vecinos
metric-pheromone-entropy = entropía de la feromona
metric-pool = candidatos
metric-population = población
metric-propagations = propagaciones
metric-reference-filled = llenas de la referencia
metric-reheats = recalentamientos
metric-renewals = renovaciones
metric-resets = reinicios
metric-sideways-run = racha lateral
metric-solutions = soluciones
metric-sweep = pasada
metric-tabu-hits = choques con la lista tabú
metric-tabu-size = tamaño de la lista tabú
metric-temperature = temperatura
metric-without-progress = sin progreso
metric-worst = peor
metric-beam-mean = media del beam
metric-members = miembros
metric-population-mean = media de la población
metric-reported-cost = costo informado
metric-reported-best = mejor informado
metric-reported-mean = media informada
metric-reported-worst = peor informado
metric-reported-population = población informada
metric-reported-diversity = diversidad informada
metric-steps-received = pasos recibidos

## Lo que el método exacto encontró del sudoku en pantalla
puzzle-unsettled = el método exacto no resolvió este sudoku en { $steps } pasos: no hay solución con la cual comparar
puzzle-several = este sudoku tiene varias soluciones: se llega a costo 0 de más de una manera
puzzle-none = este sudoku no tiene solución (el método exacto lo demostró): las búsquedas locales no pueden llegar a costo 0

## Sesiones remotas
watch-line = mirando la pantalla del docente · t: probalo vos desde este tablero · q: salir
watch-line-short = mirando al docente · t: probalo · q: salir
watch-line-keys = t: probalo · q: salir
quit-class-ask = q otra vez termina la clase: se cierra la sesión de cada estudiante. Cualquier otra tecla sigue.
serve-goodbye = sudoscope: ¡chau!
serve-idle = sudoscope: se cerró tras { $time } sin teclas; volvé a conectarte para seguir.
serve-failed = sudoscope: esta sesión se cortó por { $what }; el servidor sigue. Volvé a conectarte y avisale al docente.
serve-full = sudoscope: la clase está llena ({ $n } sesiones a la vez); probá de nuevo en un minuto o consultá al docente.
serve-status = estudiantes: ssh -p { $port } class@{ $host }
serve-status-password = contraseña { $password }
serve-status-web = estudiantes: { $link }
serve-banner-ssh = sudoscope serve: escuchando en { $address } (SSH)
serve-banner-web = sudoscope web: escuchando en { $address } (navegadores)
serve-banner-type = los estudiantes escriben:  ssh -p { $port } class@{ $host }
serve-banner-open = los estudiantes abren:  { $link }
serve-banner-board = el tablero de la clase, solo para vos:  { $link }
serve-banner-page = cada navegador calculando sus búsquedas:  { $link }
serve-banner-scan = o escanean con el celular:
serve-banner-host-key = clave del servidor:  { $fingerprint }{ $new ->
    [yes] {" "}(nueva)
   *[no] {""}
}
serve-banner-password = contraseña:  { $password }
serve-banner-keys-only = acceso:  solo las claves de --authorized-keys
serve-banner-mirror = espejo:  los estudiantes ven esta pantalla; con t cada uno prueba solo
serve-banner-stop = se detiene con Ctrl-C{ $mirror ->
    [yes] {" "}o q
   *[no] {""}
}
web-title = sudoscope: la clase
web-connecting = conectando…
web-reconnecting = se cortó la conexión; conectando de nuevo…
web-password = Contraseña de la clase
web-password-wrong = Esa no es la contraseña de la clase.
web-enter = Entrar
web-ended = La sesión terminó.
web-again = Empezar de nuevo
web-busy = Se está comprobando otro intento desde aquí; reintentando…
web-keys = Teclas
web-keyboard = Teclado: escribir un sudoku o un parámetro
web-board-title = sudoscope: las búsquedas de la clase
web-board-empty = Todavía no hay búsquedas. Cada estudiante agrega to = "ENLACE" a su Trace(...) (o pone el enlace en SUDOSCOPE_TO) y la ejecuta.
web-board-sort = Ordenar por
web-board-by-best = mejor costo
web-board-by-name = nombre
web-board-by-state = estado
web-board-step = paso
web-board-cost = costo
web-board-best = mejor
web-board-close = Cerrar
web-state-running = en curso
web-state-solved = resuelto
web-state-stuck = estancado
web-state-cut = cortado
web-state-refused = no es una traza
web-wrong-link = La clave de este enlace no es la de esta clase (un enlace viejo o mal copiado): escribí la contraseña de la clase, o pedí el enlace de nuevo.
web-new-session = Esta es una sesión nueva: la anterior terminó (esta pestaña estuvo fuera más de %m, o se reinició el servidor).
web-server-stopped = El servidor se detuvo. Esta pestaña vuelve a la clase cuando el servidor regrese.
web-board-show = Mostrar
web-board-all = todas
web-board-clear = Quitar las terminadas
web-board-hide = ocultar esta tarjeta
web-board-silent = en silencio hace %s
web-board-lecturer-only = Este es el tablero del docente: se abre con el enlace del docente, no con el de la clase.
web-board-wrong-link = La clave de este enlace al tablero no es la de este servidor (un enlace viejo o mal copiado): el mensaje del servidor al arrancar muestra el enlace del docente.
minutes = { $n ->
    [one] { $n } minuto
   *[other] { $n } minutos
}
seconds = { $n ->
    [one] { $n } segundo
   *[other] { $n } segundos
}

## Qué es cada algoritmo, en el selector (a)
about-steepest = gradiente descendente: el mejor vecino que mejora estrictamente; se detiene en un mínimo local
about-stochastic = gradiente descendente estocástico: un vecino al azar que mejora estrictamente
about-plateau = gradiente estocástico que también acepta movimientos laterales (de igual costo): recorre mesetas
about-annealing = simulated annealing (curso: T geométrica desde 0,1; ajustada: intercambios en cajas, esquema de Lewis, recalentamientos)
about-beam = búsqueda local beam: junta todos los vecinos de k estados y se queda con k
about-genetic = algoritmo genético (curso: se cruzan todos los pares, cruce en un punto; ajustada: por cajas, mutación por intercambio, diversidad)
about-sampling = muestreo guiado por conflictos: vuelve a sortear cada celda según sus conflictos, con una pasada que se enfría
about-tabu = annealing con una lista tabú de estados recientes (clásica: permutación por fila, intercambios en una fila)
about-ants = sistema de colonia de hormigas (Lloyd y Amos): las hormigas llenan celdas con propagación, guiadas por la feromona
about-backtrack = backtracking exacto con máscaras de candidatos (clásica: ingenua; ajustada: únicos ocultos, menos candidatos primero)
steps-count = { $n ->
    [one] { $n } paso
   *[other] { $n } pasos
}

## Parámetros: sus rangos, y por qué se rechaza un valor
param-or = o
param-range = de { $min } a { $max }
param-range-whole = de { $min } a { $max } (entero)
param-not-a-number = { $name } = { $text } no es un número: los valores válidos son { $valid }
param-not-a-choice = { $name } = { $text } no es una de las opciones: los valores válidos son { $valid }
param-out-of-range = { $name } = { $value } está fuera de rango: los valores válidos son { $valid }
param-unknown-none = parámetro desconocido { $name }: este algoritmo no tiene parámetros
param-unknown = parámetro desconocido { $name }{ $hint }: los válidos son { $valid }
algo-unknown = algoritmo desconocido { $name }{ $hint }: los válidos son { $valid }
spec-preset = preset desconocido { $name }: los válidos son classic, tuned
spec-speed = indicá pasos por segundo (un número positivo) o max
spec-seed-whole = indicá un número entero, 0 o más
spec-seed-large = demasiado grande: la semilla más grande es { $most }
spec-yes-no = indicá true o false
spec-race-start = los válidos son same, random
spec-panes = a lo sumo { $beside } algoritmos compiten junto al primero ({ $all } paneles en total)
did-you-mean = ¿quisiste decir { $name }?

## Referencias a sudokus que no se resuelven
ref-unreadable = no se puede leer { $path }: { $reason }
ref-directory = { $path } es una carpeta; indicá un archivo de sudokus
ref-out-of-range = { $what } tiene { $count } sudokus; no hay un sudoku { $index } (usá de 1 a { $count })
ref-not-one = { $what } tiene { $count } sudokus; elegí uno como { $what }:N
ref-no-files = { $what }{ $hint }: una sesión remota no abre archivos del servidor, y esto no es un nombre incluido ({ $names }), un set ({ $sets }) con :N, generate:hard ni el texto de un sudoku
ref-unknown = sudoku desconocido { $what }{ $hint }: no es un nombre incluido ({ $names }), un set ({ $sets }), un archivo existente ni el texto de un sudoku

## Figuras (experiment --plot)
plot-success-title = Tasa de éxito por configuración (intervalo de Wilson del 95 %)
plot-runs-solved = ejecuciones resueltas
plot-run-setting = configuración (numerada como en la leyenda)
plot-time-title = Tiempo hasta la solución: fracción de ejecuciones resueltas en t
plot-time-axis = tiempo t (escala logarítmica)
plot-fraction-solved = fracción de ejecuciones resueltas
plot-cost-title = Mejor costo: mediana y banda intercuartil
plot-cost-by = Mejor costo según { $unit }
plot-log-scale = { $unit } (escala logarítmica)
plot-best-cost = mejor costo
plot-best-cost-units = mejor costo (valores que faltan)
plot-depth-title = Método exacto: profundidad máxima y profundidad en la solución
plot-depth-axis = profundidad (suposiciones abiertas)
plot-runs = ejecuciones
plot-max-depth = profundidad máxima
plot-solution-depth = profundidad en la solución
plot-settings = configuraciones
unit-moves = movimientos
unit-proposals = propuestas
unit-sweeps = pasadas
unit-beam-iterations = iteraciones del beam
unit-generations = generaciones
unit-propagations-guesses-and-backtracks = propagaciones, suposiciones y retrocesos
unit-ants = hormigas

## La tabla del experimento (sudoscope experiment)
table-algorithm = algoritmo
table-puzzle = sudoku
table-runs = ejecuciones
table-solved = resueltas
table-rate = tasa
table-interval = intervalo 95 %
table-cost = costo mín/med/máx
table-steps = pasos med/p90
table-time = tiempo med/p90
table-solve-time = tiempo hasta resolver (med)
table-all = todos
experiment-summary =
    { $threads ->
        [one] { $done } de { $total } ejecuciones en { $threads } hilo en { $time }
       *[other] { $done } de { $total } ejecuciones en { $threads } hilos en { $time }
    }
experiment-interrupted = interrumpido: la tabla cubre las { $done } ejecuciones que terminaron

## Notas del docente (N, --notes)
key-notes = notas del docente para esta escena, solo en esta pantalla (nunca en un espejo ni en una grabación)
notes-title = notas del docente (N las oculta)
notes-none = esta escena no tiene notas del docente

## Una imagen fija de la pantalla (W)
key-still = una imagen fija de la pantalla para una diapositiva: SVG y PNG en este tamaño y este tema
still-written = imagen guardada: { $svg } y { $png }
still-downloaded = imagen guardada por el navegador, como archivo SVG (ver sus descargas)

## Hojas para la clase (puzzles --sheet)
sheet-answers = Soluciones
sheet-answers-more = Soluciones (continuación)
sheet-no-answer = sin solución única
sheet-caption = { $n }. { $name } ({ $size }, { $givens } celdas fijas)

## Qué significa cada parámetro, en el editor de parámetros (e)
param-steepest-max_iterations = iteraciones (movimientos) antes de que la ejecución se detenga
param-stochastic-max_iterations = iteraciones (movimientos) antes de que la ejecución se detenga
param-plateau-max_iterations = iteraciones (movimientos) antes de que la ejecución se detenga
param-plateau-max_sideways = movimientos laterales seguidos permitidos antes de detenerse
param-annealing-classic-t0 = temperatura inicial, en unidades del costo: las notebooks cuentan un dígito faltante como 0,1 y sudoscope como 1, así que su T0 = 0,01 es 0,1 acá
param-annealing-tuned-t0 = temperatura inicial; 0 = la dispersión de los Δ de movimientos al azar
param-annealing-classic-cooling = T se multiplica por esto tras cada movimiento aceptado
param-annealing-tuned-cooling = T se multiplica por esto tras cada cadena de Markov
param-annealing-max_iterations = detenerse tras esta cantidad de movimientos aceptados (el max_iterations del curso)
param-annealing-bookkeeping = fixed: guarda el mejor estado; course: como el código del curso (puede perder una solución)
param-annealing-chain = largo de cadena como múltiplo de Σ (celdas libres por caja)²
param-annealing-reheat_after = cadenas sin mejorar la mejor antes de recalentar (0 = nunca)
param-annealing-reheat = recalentar a esta fracción de T0
param-annealing-min_conflicts = probabilidad de que la primera celda se elija entre las que están en conflicto
param-annealing-propagate = antes de moverse, fijar las celdas que las fijas ya determinan e intercambiar solo entre candidatos: 0 = no, 1 = por únicos, 2 = también por subconjuntos y candidatos bloqueados
param-annealing-escape = con propagación, probabilidad de que el compañero de un intercambio sea cualquier celda libre de la caja, no solo una que mantenga ambos valores entre los candidatos
param-beam-k = ancho del beam (estados que se conservan)
param-beam-patience = iteraciones sin mejorar la mejor antes de detenerse
param-beam-max_iterations = iteraciones antes de que la ejecución se detenga
param-beam-tau = temperatura de selección: peso exp(-(costo - más barato)/tau)
param-genetic-population = individuos por generación
param-genetic-temperature = la probabilidad de mutación es exp(-1/temperatura)
param-genetic-classic-elite = fracción de los padres que sobreviven
param-genetic-tuned-elite = fracción de los mejores que sobreviven sin cambios
param-genetic-classic-patience = generaciones sin mejorar la mejor antes de detenerse
param-genetic-tuned-patience = generaciones sin mejorar la mejor antes de renovar la población
param-genetic-max_generations = generaciones antes de que la ejecución se detenga
param-genetic-fresh = fracción de cada generación formada por individuos nuevos al azar
param-genetic-weak = fracción de padres no élite, al azar, que sobreviven
param-genetic-mutation = probabilidad de cada mutación por intercambio adicional de un hijo
param-sampling-lambda = nitidez: P(v) ∝ exp(-lambda · pares que tienen v)
param-sampling-t0 = temperatura inicial de la aceptación de la pasada
param-sampling-cooling = T se multiplica por esto tras cada pasada
param-sampling-reheat_after = pasadas sin mejorar la mejor antes de que T vuelva a T0 (0 = nunca)
param-sampling-max_sweeps = pasadas antes de que la ejecución se detenga
param-tabu-classic-t0 = temperatura inicial
param-tabu-tuned-t0 = temperatura inicial; 0 = la dispersión de los Δ de movimientos al azar
param-tabu-classic-cooling = T se multiplica por esto tras cada propuesta
param-tabu-tuned-cooling = T se multiplica por esto tras cada cadena de Markov
param-tabu-freeze = detenerse cuando T baje de esto
param-tabu-tabu = largo de la lista tabú (estados recientes prohibidos)
param-tabu-chain = largo de cadena como múltiplo de Σ (celdas libres por caja)²
param-tabu-reheat_after = cadenas sin mejorar la mejor antes de recalentar (0 = nunca)
param-tabu-reheat = recalentar a esta fracción de T0
param-tabu-min_conflicts = probabilidad de que la primera celda se elija entre las que están en conflicto
param-tabu-propagate = antes de moverse, fijar las celdas que las fijas ya determinan e intercambiar solo entre candidatos: 0 = no, 1 = por únicos, 2 = también por subconjuntos y candidatos bloqueados
param-tabu-escape = con propagación, probabilidad de que el compañero de un intercambio sea cualquier celda libre de la caja, no solo una que mantenga ambos valores entre los candidatos
param-ants-ants = hormigas por iteración
param-ants-q0 = probabilidad de tomar el valor con más feromona
param-ants-rho = actualización global: parte del camino hacia el depósito
param-ants-xi = actualización local: parte del camino de vuelta al nivel inicial
param-ants-bve = evaporación del mejor valor: el depósito se reduce esta parte por iteración
param-ants-order = celdas que visita una hormiga: en ciclo desde una celda al azar, o primero las de menos candidatos
param-ants-reset_after = iteraciones sin mejorar la mejor antes de que la feromona vuelva a empezar (0 = nunca)
param-ants-max_iterations = iteraciones antes de que la ejecución se detenga
param-backtrack-solutions = detenerse tras esta cantidad de soluciones (2 prueba la unicidad)
notes-lecturer = las notas del docente se ven solo en la pantalla del docente

# a trace source on screen: waiting for it, its error output
key-error-output = la salida de error del comando observado, la más reciente primero (la última línea de un traceback arriba)
status-no-command = no se observa ningún comando: su salida de error se ve con watch -- COMANDO
watch-waiting-title = esperando una traza
watch-waiting-command = { $what }: esperando su traza · { $seconds } s
watch-waiting-file = { $what }: esperando una traza en el archivo · { $seconds } s
watch-waiting-input = esperando una traza en la entrada estándar · { $seconds } s
watch-waiting-board = { $what }: esperando una búsqueda enviada al tablero de la clase con este nombre · { $seconds } s
watch-waiting-key = esperando la traza: q sale, ↑ ↓ desplazan su salida de error
watch-waiting-keys = q salir · ↑ ↓ desplazar · ? ayuda
watch-errors = su salida de error, la más reciente primero
watch-errors-none = todavía nada en su salida de error
watch-errors-title = salida de error de { $what }, la más reciente primero
watch-new-run = { $what } tiene una nueva ejecución (ejecución { $run }): los paneles empiezan de nuevo con ella
table-failed = fallidas
table-exited-badly = estado≠0
experiment-partial = parcial: interrumpido tras { $done } de { $total } ejecuciones; la tabla tiene las ejecuciones que terminaron
experiment-command-limit = cada ejecución del comando puede durar { $seconds } s (--max-seconds); una ejecución que falla, es terminada, se pasa de ese tiempo o no escribe encabezado cuenta como fallida
experiment-failed = { $failed } ejecución(es) del comando fallaron: cuentan en la tabla, como no resueltas
experiment-exited-badly = { $runs } ejecución(es) del comando escribieron su traza entera y luego terminaron con un estado distinto de 0: cuentan por su tablero en la tabla, y en su columna estado≠0

status-no-parameters = { $algo } no tiene parámetros
status-edited = { $name } = { $value }: sigue desde el tablero
chart-metrics-title = métricas, cada una en su escala
puzzle-stdin-here = la entrada estándar es esta terminal: escribí un nombre, set:N, un archivo o el texto del sudoku
serve-internal-error = un error interno ({ $message })
keyname-ctrl = Ctrl-{ $key }
keyname-tab = Tab
keyname-page-down = AvPág
keyname-page-up = RePág
keyname-esc = Esc
log-trace-not-taken = un movimiento propuesto y no aceptado
log-trace-no-change = ninguna celda cambió
log-trace-cells =
    { $n ->
        [one] cambió { $n } celda
       *[other] cambiaron { $n } celdas
    }
note-output = salida: { $text }
note-unreadable = línea { $line }: { $why }
note-unreadable-at = línea { $line }, columna { $column }: { $why }
note-changes-givens = línea { $line }: este paso cambia la celda fija { $cells }
note-members-change-givens = línea { $line }: { $members ->
    [one] un miembro de este paso cambia
   *[other] { $members } miembros de este paso cambian
} una celda fija
note-more = … { $n } líneas más
note-last-words = sus últimas palabras: { $text }
note-ends = la búsqueda termina: { $how }
note-returns = devuelve un tablero de costo { $cost }; su último tablero tiene costo { $last }
note-solved-after-all = la búsqueda dice { $how }, pero el tablero que devuelve está resuelto
note-changed-a-given = la búsqueda dice resuelto, pero el tablero que devuelve cambia una celda fija
note-not-solved = la búsqueda dice resuelto, pero el tablero que devuelve tiene costo { $cost }

# The notebook view (python/sudoscope/view.js); python/sudoscope/view_words.json holds a copy
# for the helper, which `cargo test` keeps equal to these.
nb-step = paso
nb-cost = costo
nb-reported = costo informado
nb-log = registro de pasos
nb-start = al principio
nb-back = un paso atrás
nb-forward = un paso adelante
nb-pause = pausar
nb-play = seguir
nb-live = seguir la búsqueda en vivo
nb-live-short = en vivo
nb-speed = pasos por cuadro al reproducir
nb-running = en vivo
nb-loading = leyendo la ejecución…
nb-paused = pausada
nb-ended = terminó
nb-received = pasos recibidos
nb-no-change = ninguna celda cambió
nb-refused = rechazado
nb-population = población
nb-best = mejor
nb-mean = media
nb-worst = peor
nb-distinct = distintos
nb-diversity = valores por celda en la población
nb-diversity-short = diversidad
nb-board-short = tablero
nb-outcome-solved = resuelto
nb-outcome-stuck = estancado
nb-outcome-budget_spent = presupuesto agotado
nb-outcome-time_spent = tiempo agotado
nb-outcome-unsolvable = sin solución
nb-get-anywidget = sudoscope: para ver la búsqueda acá, en la notebook, instalá su vista: pip install anywidget (y volvé a ejecutar la celda); mientras tanto la traza va a { $path }
nb-trace-written = traza escrita en { $path }: sudoscope watch { $path }
nb-trace-replaced = reemplazó la ejecución que tenía antes
nb-returned = mostrar el tablero que devuelve la búsqueda
nb-returned-short = devuelto
nb-last-short = último
nb-returns = el tablero que devuelve tiene costo { $cost }
nb-last-board = su último tablero tiene costo { $cost }
nb-verdict-solved = resuelto
nb-verdict-not-solved = no resuelto
nb-search-says = la búsqueda dice { $word }
nb-givens-changed = la búsqueda cambió celdas fijas: { $cells }
nb-cut = cortada
nb-cut-with = cortada: el bloque with terminó sin trace.end()
nb-cut-cell = cortada: la celda terminó sin trace.end()
nb-cut-program = cortada: el programa terminó sin trace.end()
nb-cut-collected = cortada: la traza se descartó antes de trace.end()
nb-untrusted = Esta es la corrida en texto: confiá en el cuaderno (o ejecutá su celda de nuevo) para verla dibujada, paso a paso.
nb-open-cell = abierta: su celda acabó sin trace.end() (otra celda puede seguirla o cerrarla)
nb-silent = en vivo, sin novedades hace %s s (la búsqueda está ocupada o esperando, o el kernel se detuvo)
nb-outcome-interrupted = interrumpida
nb-outcome-failed = falló
nb-race = competir con un algoritmo incluido desde el mismo primer tablero
nb-race-start = competir
nb-race-seed = semilla
nb-race-again = competir de nuevo
nb-race-from-start = desde el primer tablero de la corrida
nb-race-from-givens = desde las pistas del sudoku (no se conoce el primer tablero de la corrida)
nb-race-no-engine = Para competir con los algoritmos incluidos, el ayudante necesita el módulo de la página: ejecutá `cargo site` en la carpeta de sudoscope (o poné en SUDOSCOPE_PAGE_WASM un módulo que haya escrito) y ejecutá la celda de nuevo.
nb-race-no-copy = Esta página todavía no recibió el módulo de la competencia: ejecutá una celda que trace una búsqueda, con el kernel andando.
nb-race-cannot = la competencia no puede empezar: { $why }
nb-race-running = compitiendo
nb-race-cannot-run = este navegador no puede ejecutar el módulo de la competencia: { $why }
nb-race-old-module = El módulo de la página no tiene competencias (se construyó antes de ellas): construilo de nuevo con `cargo site`.

## the visualiser as a web page (`sudoscope site`)
page-open-lesson = Abrir un archivo de clase…
page-loading = Cargando sudoscope…
page-cannot-load = Este navegador no pudo cargar sudoscope:
page-cannot-start = sudoscope no pudo empezar:
page-lesson-refused = Esta clase no se abrió, y lo que había en pantalla sigue:
page-no-wasm = este navegador no ejecuta WebAssembly
address-not-a-setting = { $key }: no es un ajuste de esta página (toma { $keys })
address-lang = lang={ $value }: uno de en, es, pt
address-theme = theme={ $value }: uno de dark, light, mono
address-lesson = lesson={ $name }: no hay una clase incluida con ese nombre ({ $names }); un archivo de clase se abre con el botón bajo la pantalla

# las palabras propias de la página web y de una sesión remota, donde las de la terminal no
# serían ciertas (la pantalla busca ID-in-page o ID-in-session antes que ID)
key-experiment-in-page = experimento: 100 reinicios de cada algoritmo en pantalla, uno tras otro en el único hilo de esta página
experiment-title-in-page = experimento: 100 reinicios de cada uno, uno tras otro · x detiene · esc cierra
key-still-in-page = una imagen fija de la pantalla para una diapositiva: un SVG en este tamaño y este tema, a las descargas del navegador
key-still-in-session = una imagen fija de la pantalla: con sudoscope en tu propia máquina (una sesión remota no escribe archivos)
served-no-still = una sesión remota no escribe archivos, así que no hay imagen fija: sudoscope en tu propia máquina la guarda con W
key-open-puzzle-in-page = abrir otro sudoku: un nombre incluido, set:N, el texto del sudoku o generate:hard
key-open-puzzle-in-session = abrir otro sudoku: un nombre incluido, set:N, el texto del sudoku o generate:hard
too-small-in-page = la página es chica: la pantalla necesita { $w }×{ $h } caracteres, aun con la letra más chica
too-small-now-in-page = tiene { $w }×{ $h }; agrandá la ventana, girá el teléfono o alejá el zoom
command-keys-in-page = la dirección se copia al portapapeles si el navegador lo permite · w descarga el comando como archivo · a suma la vista como escena y descarga la clase · otra tecla cierra
command-address-intro = esta dirección abre la misma vista en cualquier navegador (sudoku, algoritmo, versión, parámetros, semilla, el tablero desde el que siguió):
command-intro-in-page = y este comando la abre en sudoscope, el programa:
command-keys-in-session = en tu portapapeles si tu terminal lo permite (una sesión remota no escribe archivos) · otra tecla cierra
command-downloaded = descargado como { $name }, en una línea (y copiado al portapapeles si el navegador lo permite)
scene-downloaded = escena { $n } sumada: { $name }, con todas las escenas hasta ahora, está en las descargas del navegador
status-no-lesson-in-page = no hay clase: abrí un archivo de clase con el botón debajo de la pantalla, o la incluida con ?lesson=local-search en el enlace
ref-no-files-in-page = { $what }{ $hint }: la página no abre archivos por su ruta, y esto no es un nombre incluido ({ $names }), un set ({ $sets }) con :N, generate:hard ni el texto de un sudoku
ref-unknown-in-page = sudoku desconocido { $what }{ $hint }: no es un nombre incluido ({ $names }), un set ({ $sets }) con :N, generate:hard ni el texto de un sudoku (la página no abre archivos por su ruta)
puzzle-stdin-here-in-page = la página no tiene entrada estándar: escribí un nombre incluido, set:N, generate:hard o el texto del sudoku
puzzle-stdin-here-in-session = una sesión remota no tiene entrada estándar: escribí un nombre incluido, set:N, generate:hard o el texto del sudoku
opener-what-in-page = un nombre incluido (sudoku_7), set:N (top95:12), el texto de un sudoku, o uno nuevo: generate:hard
opener-what-in-session = un nombre incluido (sudoku_7), set:N (top95:12), el texto de un sudoku, o uno nuevo: generate:hard
opener-keys-in-page = enter abre · esc cancela · un nombre desconocido lista los incluidos
opener-keys-in-session = enter abre · esc cancela · un nombre desconocido lista los incluidos
key-error-output-in-page = la salida de error de un programa observado: la página no ejecuta programas (sudoscope en tu propia máquina sí, con watch)
status-no-command-in-page = la página no ejecuta programas, así que no hay salida de error: sudoscope en tu propia máquina observa uno con watch -- COMANDO
key-notes-in-page = notas del docente de la escena de la clase, en esta página
notes-no-lesson = ninguna clase en curso: las notas son de sus escenas
