# sudoscope: o catálogo em português (Brasil), no formato do Project Fluent.
#
# As palavras são as de uma disciplina de IA no Brasil e da fonte do curso em português: custo,
# vizinho, células fixas, linhas, colunas e quadrantes, Simulated Annealing, busca tabu,
# algoritmo genético, população, geração, iteração.
# Revisão: um professor ou monitor da disciplina, lendo a tela com
#   sudoscope --lang pt                       (e `sudoscope tui --lang pt --lesson local-search`)
# e comparando com en.ftl; cada mensagem leva os mesmos argumentos ({ $nome }) que em inglês
# (os testes conferem). As correções chegam como uma mudança neste arquivo.

## A tabela de teclas: o que cada uma faz (ajuda) e sua palavra na linha de estado
key-run-pause = executar / pausar
hint-run-pause = roda/pausa
key-step = um passo (pausa)
hint-step = passo
key-step-many = 100 passos
key-faster = mais rápido: 1, 2, 5, 10, 30, 100, 1k, 10k, 100k passos/s, e depois sem limite
hint-faster = ritmo
key-slower = mais devagar
key-undo = desfazer um passo (guardados a 2000 passos/s ou menos)
hint-undo = voltar
key-undo-many = desfazer 20 passos
key-restart = recomeçar com outra semente
key-pick-algorithm = trocar de algoritmo, seguindo do tabuleiro
hint-pick-algorithm = algoritmo
key-toggle-preset = alternar a versão clássica / ajustada, seguindo do tabuleiro
hint-toggle-preset = versão
key-edit-parameter = mudar um parâmetro ao vivo (validado, segue do tabuleiro)
hint-edit-parameter = parâmetro
key-open-puzzle = abrir outro sudoku: um nome, set:N, um arquivo, o texto do sudoku ou generate:hard
hint-open-puzzle = sudoku
key-candidates = candidatos: marcas a lápis pelas células fixas, depois por este tabuleiro, depois nada
key-solution = marcar as células diferentes da solução
key-landscape = por que estagnou: os vizinhos que descem, ficam iguais ou sobem
hint-landscape = estagnado
key-cell-mode = cursor de célula: setas ou hjkl movem; aparecem os candidatos e conflitos da célula
key-focus-layout = vista concentrada: só a grade, o gráfico de custo e o título
key-theme = tema: escuro, claro (para um projetor branco), monocromático
key-next-scene = aula: próxima cena
key-previous-scene = aula: cena anterior
key-add-racer = corrida: adicionar um algoritmo lado a lado (até quatro, recomeçam juntos)
hint-add-racer = corrida
key-remove-racer = corrida: tirar o algoritmo em foco
key-next-pane = corrida: focar o próximo painel
key-experiment = experimento: 100 recomeços de cada algoritmo na tela, em todos os núcleos
hint-experiment = experimento
key-show-command = mostrar o comando que reproduz esta vista (a: somá-lo a uma aula)
key-help = ajuda: todas as teclas
hint-help = ajuda
key-quit = sair
hint-quit = sair
keyname-space = espaço

## A tela
too-small = terminal pequeno demais: são precisos { $w }×{ $h }
too-small-now = agora { $w }×{ $h }; aumente a janela ou diminua a fonte
too-small-quit = q sai
pane-starting = começando…
pane-crashed = a busca parou por um erro
pane-crashed-keys = a: trocar de algoritmo · r: recomeçar
speed-unlimited = sem limite
speed-steps = { $n ->
    [one] { $speed } passo/s
   *[other] { $speed } passos/s
}
state-running = rodando
state-paused = pausada
state-ended = terminou
state-stopped = parada por { $signal }: continua após um SIGCONT
panel-ended-after-trace = após seu rastro inteiro, o comando { $how }
exit-status = terminou com estado { $status }
exit-signal = foi encerrado pelo sinal { $signal } ({ $name })
pane-trace = rastro

## Os painéis ao lado da grade
panel-seed = semente { $seed }
panel-no-parameters = sem parâmetros
panel-figures = passo { $steps }  custo { $cost }  melhor { $best }
race-figures = passo { $steps } custo { $cost } melhor { $best }
race-figures-short = passo { $steps } custo { $cost }
race-figures-step = passo { $steps }
panel-algorithm = algoritmo
panel-solved-before-moving = a propagação sozinha resolveu este sudoku antes do primeiro movimento: para ver a busca, e e propagate em 0, ou p para a versão clássica
panel-step-log = registro de passos
cell-none = nenhum
cell-holds = { $cell } tem { $value }
cell-holds-given = { $cell } tem { $value } (fixa)
cell-candidates = candidatos neste tabuleiro: { $values }
cell-pencil-marks = marcas a lápis pelas células fixas: { $values }
cell-conflicts = em conflito com { $cells }
cell-click = clique numa célula (ou v e setas) para ver seus candidatos

## A legenda sob a grade
legend-given = fixa
legend-conflict = conflito
legend-given-conflict = fixa em conflito
legend-last-change = última mudança
legend-differs = difere da solução
legend-on = ativo: { $what }
legend-on-differences = diferenças
legend-on-why-stuck = por que estagnou
legend-on-cell-cursor = cursor de célula
legend-on-theme = tema { $theme }
theme-dark = escuro
theme-light = claro
theme-mono = monocromático

## O painel de por que estagnou (l)
stuck-title = por que está onde está (l)
stuck-none = esta busca não tem vizinhança para mostrar (o método exato percorre uma árvore)
stuck-downhill = descem { $n }
stuck-sideways = iguais { $n }
stuck-uphill = sobem { $n }
stuck-of = (de { $n } vizinhos)
stuck-rows-hidden = { $n ->
    [one] mais { $n } linha de Δ fica de fora: uma janela mais alta a mostra
   *[other] mais { $n } linhas de Δ ficam de fora: uma janela mais alta as mostra
}
stuck-strict-minimum = nenhum vizinho é melhor nem igual: um mínimo local estrito
stuck-minimum = nenhum vizinho é melhor: um mínimo local (um platô continua com movimentos laterais)
stuck-population = população de { $size }: { $converged } de { $cells } células têm o mesmo valor em todos os indivíduos
stuck-population-others = as outras têm em média { $mean } valores distintos
stuck-population-cells = valores distintos por célula (· = todos os indivíduos concordam):
stuck-values = valores
stuck-settled = assentadas (90 % num valor): { $settled } de { $open } células livres
stuck-share = parcela média do valor mais forte { $share } % (1/{ $n } = por igual)
stuck-shade = tom = parcela do valor mais forte: ░<50 % ▒<70 % ▓<90 % █
candidates-givens = marcas a lápis pelas fixas
candidates-board = candidatos neste tabuleiro

## O gráfico de custo
chart-cost = custo
chart-best = melhor
chart-title = custo e melhor custo
chart-step = passo
chart-step-log = passo (log)
chart-worst = pior

## O que se abre sobre a tela
help-mouse = mouse: clique numa célula para ver seus candidatos e conflitos
help-grid = grade: fixas em negrito, conflitos sublinhados, última mudança invertida
help-close = qualquer outra tecla fecha a ajuda (as setas, PgUp, PgDn e espaço a rolam)
help-title = teclas
help-scroll = ↑↓ PgUp PgDn rolam · linhas { $first }–{ $last } de { $rows }
command-intro = este comando abre a mesma vista (sudoku, algoritmo, versão, parâmetros, semente, o tabuleiro de onde seguiu):
command-keys = copiado para a área de transferência (OSC 52) · w salva num arquivo · a adiciona como cena de uma aula · outra tecla fecha
command-title = linha de comando
lesson-recorded-title = Uma aula gravada no sudoscope
lesson-recorded-caption = uma cena gravada no sudoscope
command-pushed = estas são as execuções de { $name } como chegam ao quadro da turma: nenhuma linha de comando as abre em outro lugar. Na máquina de { $name }, o notebook mostra cada execução na sua célula, e sudoscope watch --follow acompanha o arquivo de rastro que Trace(...) escreve (ele diz onde ao fim de uma execução).
command-pushed-keys = qualquer tecla fecha
picker-keys = versão { $preset } (←/→ ou tab alternam) · digite as primeiras letras · enter { $enter } · esc cancela
picker-enter-race = soma à corrida
picker-enter-switch = segue do tabuleiro
picker-more = há mais
picker-title-race = adicionar à corrida
picker-title-switch = trocar de algoritmo
params-keys = ↑/↓ ou digite um nome · enter edita · enter de novo aplica (do tabuleiro) · esc
params-title = parâmetros de { $method }
opener-what = um nome (sudoku_7), set:N (top95:12), um arquivo (caminho ou caminho:N), o texto de um sudoku, ou um novo: generate:hard
opener-keys = enter abre · esc cancela · `sudoscope puzzles` lista os sets
opener-title = abrir um sudoku

## A vista de experimento (x)
experiment-progress = { $done } / { $total } execuções sobre { $puzzle }
experiment-stopped = interrompido
experiment-done = pronto
experiment-title = experimento: 100 recomeços de cada um em todos os núcleos · x interrompe · esc fecha
experiment-title-short = experimento · x interrompe · esc fecha
experiment-algorithm = algoritmo
experiment-runs = execuções
experiment-solved = resolvidas
experiment-rate = taxa
experiment-interval = intervalo 95 %
experiment-median = mediana até resolver
experiment-success = taxa de sucesso (%)

## Mensagens na linha de estado
scene-label = cena { $n }/{ $of }
status-watched-settings = uma busca observada mantém sua configuração: a troca para um algoritmo próprio a partir do tabuleiro dela
status-watched-puzzle = um rastro observado é do seu próprio sudoku
status-showing = mostrando { $what }
status-no-solution = não há uma solução única com que comparar
status-race-full = uma corrida tem no máximo quatro algoritmos
status-last-algorithm = o último algoritmo fica: com a ele é trocado
status-cell-mode = célula: setas ou hjkl movem, esc sai
status-no-lesson = não há aula: comece uma com `sudoscope tui --lesson ARQUIVO`
status-last-scene = esta é a última cena
status-first-scene = esta é a primeira cena
status-watched-experiment = recomeços de uma busca observada: sudoscope experiment --command 'COMANDO {"{"}seed{"}"}'
status-scene-command = o comando desta cena não começou, então o tabuleiro espera em pausa: { $reason }
status-scene-no-command = esta cena executa um programa ({ $command }), e uma página web não pode, então o tabuleiro espera em pausa: abra a aula no sudoscope para vê-la.
caption-program-missing = (o programa dela não roda aqui; na tela: { $algo })
command-written = salvo em { $path } numa linha (e copiado para a área de transferência se o terminal permitir)
cannot-write = não é possível salvar { $path }: { $reason }
command-appended = somado como cena { $n } de { $path }
guest-writes = uma sessão remota não salva arquivos no servidor: o comando está acima, e na sua área de transferência se o seu terminal permitir

## O registro de passos: o que cada passo fez
log-cost = custo { $cost }
log-downhill = desce { $delta }, aceito
log-sideways = lateral 0, aceito
log-uphill-accepted = sobe { $delta }, aceito, p = { $p } com T = { $t }
log-uphill-taken = sobe { $delta }, aceito
log-uphill-rejected = sobe { $delta }, rejeitado, p = { $p } com T = { $t }
log-sideways-frozen = lateral 0 rejeitado: T chegou a 0
log-tabu = { $delta } rejeitado: o estado é tabu
log-no-move = nenhum vizinho melhora: um mínimo local
log-set = muda { $cell } { $from }→{ $to }
log-swap = troca { $a } e { $b } ({ $a_value }↔{ $b_value })
log-sweep =
    { $n ->
        [one] uma varredura sorteou de novo { $n } célula
       *[other] uma varredura sorteou de novo { $n } células
    }
log-generation = geração { $index }: melhor { $best }, média { $mean }, pior { $worst }
log-ant = iteração { $iteration }, formiga { $ant }: preencheu { $filled } de { $cells } células ({ $chosen } escolhidas, o resto por propagação)
log-ant-failed = , { $n } ficaram sem valor possível
log-ant-deposit-new =
    { $n ->
        [one] ; a melhor formiga desta iteração passa a ser a referência e deposita { $amount } no seu { $n } valor
       *[other] ; a melhor formiga desta iteração passa a ser a referência e deposita { $amount } nos seus { $n } valores
    }
log-ant-deposit =
    { $n ->
        [one] ; a formiga de referência deposita { $amount } no seu { $n } valor
       *[other] ; a formiga de referência deposita { $amount } nos seus { $n } valores
    }
log-ant-reset = ; tempo demais sem um novo melhor: o feromônio recomeça
log-propagated =
    { $n ->
        [one] a propagação colocou { $n } célula
       *[other] a propagação colocou { $n } células
    }
log-propagated-contradiction =
    { $n ->
        [one] a propagação colocou { $n } célula e chegou a uma contradição
       *[other] a propagação colocou { $n } células e chegou a uma contradição
    }
log-guess = chuta { $cell } = { $value } (entre { $options }) na profundidade { $depth }
log-undone = o chute em { $cell } é desfeito: nenhum valor restante na profundidade { $depth }
log-backtrack = retrocesso: tenta { $cell } = { $value } na profundidade { $depth }
log-solution = solução { $n } encontrada
log-finished = árvore de busca esgotada
log-returned-zero = o custo 0 foi alcançado no passo { $at }, mas o registro do curso fica com o estado de custo { $cost }
log-returned = o registro do curso devolve o estado que guardou, custo { $cost }
log-idle = nada a fazer: a busca terminou

## O que a busca de um painel diz no registro além dos seus passos
runner-crashed = a busca parou por um erro: { $message }
runner-trace-unwritable = não é possível salvar o rastro { $path }: { $reason }
runner-starts-trace = começa { $algo } (um rastro: { $source }), custo { $cost }
runner-starts = começa { $algo } ({ $preset }), semente { $seed }, custo { $cost }
runner-ended = terminou: { $how } (melhor custo { $best })
runner-ended-after = terminou: { $how } após { $steps } passos (melhor custo { $best })
runner-trace-stopped = o rastro não pôde ser salvo além daqui
runner-switched = trocou para { $algo } ({ $preset }) a partir do tabuleiro, custo { $cost }
runner-restarted = recomeçou com a semente { $seed }, custo { $cost }
runner-restarted-shared = recomeçou do tabuleiro compartilhado com a semente { $seed }, custo { $cost }
runner-nothing-to-rewind = nada a desfazer: os passos são guardados a 2000 passos/s ou menos
runner-rewound = { $n ->
    [one] desfez { $n } passo, custo { $cost }
   *[other] desfez { $n } passos, custo { $cost }
}

## Nomes que o programa guarda em inglês, como a tela os mostra
ending-solved = resolvido
ending-stuck = estagnado
ending-budget-spent = orçamento esgotado
ending-unsolvable = sem solução
ending-cut-short = interrompida
ending-interrupted = interrompida
ending-failed = falhou
preset-classic = v. clássica
preset-tuned = v. ajustada
algo-steepest = descida mais íngreme
algo-stochastic = descida estocástica
algo-plateau = descida com platôs
algo-annealing = Simulated Annealing
algo-beam = busca local em feixe
algo-genetic = algoritmo genético
algo-sampling = amostragem guiada por conflitos
algo-tabu = annealing com busca tabu
algo-ants = colônia de formigas
algo-backtrack = retrocesso exato
algo-short-steepest = descida
algo-short-stochastic = estocástica
algo-short-plateau = platôs
algo-short-annealing = annealing
algo-short-beam = feixe
algo-short-genetic = genético
algo-short-sampling = amostragem
algo-short-tabu = tabu
algo-short-ants = formigas
algo-short-backtrack = retrocesso
preset-short-classic = clás.
preset-short-tuned = ajust.

## Os números de uma busca (métricas e séries)
metric-t0 = T0
metric-acceptance = aceitação
metric-accepted-moves = movimentos aceitos
metric-ant = formiga
metric-backtracks = retrocessos
metric-beam-width = largura do feixe
metric-best-cells-filled = células preenchidas da melhor
metric-chain-length = comprimento da cadeia
metric-deposit = depósito
metric-depth = profundidade
metric-diversity = diversidade
metric-examined-this-pass = vistos nesta passada
metric-free-cells = células livres
metric-generation = geração
metric-guesses = chutes
metric-handovers = revezamentos
metric-iteration = iteração
metric-max-depth = profundidade máxima
metric-best = melhor
metric-mean = média
metric-neighbours = vizinhos
metric-pheromone-entropy = entropia do feromônio
metric-pool = candidatos
metric-population = população
metric-propagations = propagações
metric-reference-filled = preenchidas da referência
metric-reheats = reaquecimentos
metric-renewals = renovações
metric-resets = recomeços
metric-sideways-run = sequência lateral
metric-solutions = soluções
metric-sweep = varredura
metric-tabu-hits = choques com a lista tabu
metric-tabu-size = tamanho da lista tabu
metric-temperature = temperatura
metric-without-progress = sem progresso
metric-worst = pior
metric-beam-mean = média do beam
metric-members = membros
metric-population-mean = média da população
metric-reported-cost = custo informado
metric-reported-best = melhor informado
metric-reported-mean = média informada
metric-reported-worst = pior informado
metric-reported-population = população informada
metric-reported-diversity = diversidade informada
metric-steps-received = passos recebidos

## O que o método exato encontrou do sudoku na tela
puzzle-unsettled = o método exato não resolveu este sudoku em { $steps } passos: não há solução com que comparar
puzzle-several = este sudoku tem várias soluções: o custo 0 é alcançado de mais de um jeito
puzzle-none = este sudoku não tem solução (o método exato provou): as buscas locais não podem chegar a custo 0

## Sessões remotas
watch-line = assistindo à tela do professor · t: tente você a partir deste tabuleiro · q: sair
watch-line-short = assistindo ao professor · t: tente · q: sair
watch-line-keys = t: tente · q: sair
quit-class-ask = q de novo encerra a aula: a sessão de cada aluno se fecha. Qualquer outra tecla continua.
serve-goodbye = sudoscope: até logo!
serve-idle = sudoscope: fechada após { $time } sem teclas; conecte de novo para continuar.
serve-failed = sudoscope: esta sessão parou por { $what }; o servidor continua. Conecte de novo e avise o professor.
serve-full = sudoscope: a turma está cheia ({ $n } sessões ao mesmo tempo); tente de novo em um minuto ou fale com o professor.
serve-status = alunos: ssh -p { $port } class@{ $host }
serve-status-password = senha { $password }
serve-status-web = alunos: { $link }
serve-banner-ssh = sudoscope serve: escutando em { $address } (SSH)
serve-banner-web = sudoscope web: escutando em { $address } (navegadores)
serve-banner-type = os alunos digitam:  ssh -p { $port } class@{ $host }
serve-banner-open = os alunos abrem:  { $link }
serve-banner-board = o quadro da turma, só para você:  { $link }
serve-banner-page = cada navegador calculando suas buscas:  { $link }
serve-banner-scan = ou escaneiam com o celular:
serve-banner-host-key = chave do servidor:  { $fingerprint }{ $new ->
    [yes] {" "}(nova)
   *[no] {""}
}
serve-banner-password = senha:  { $password }
serve-banner-keys-only = acesso:  só as chaves de --authorized-keys
serve-banner-mirror = espelho:  os alunos veem esta tela; com t cada um tenta sozinho
serve-banner-stop = para com Ctrl-C{ $mirror ->
    [yes] {" "}ou q
   *[no] {""}
}
web-title = sudoscope: a turma
web-connecting = conectando…
web-reconnecting = a conexão caiu; conectando de novo…
web-password = Senha da turma
web-password-wrong = Essa não é a senha da turma.
web-enter = Entrar
web-ended = A sessão terminou.
web-again = Começar de novo
web-busy = Outra tentativa daqui está sendo verificada; tentando de novo…
web-keys = Teclas
web-keyboard = Teclado: digitar um sudoku ou um parâmetro
web-board-title = sudoscope: as buscas da turma
web-board-empty = Ainda não há buscas. Cada aluno adiciona to = "LINK" ao seu Trace(...) (ou põe o link em SUDOSCOPE_TO) e a executa.
web-board-sort = Ordenar por
web-board-by-best = melhor custo
web-board-by-name = nome
web-board-by-state = estado
web-board-step = passo
web-board-cost = custo
web-board-best = melhor
web-board-close = Fechar
web-state-running = em andamento
web-state-solved = resolvido
web-state-stuck = travado
web-state-cut = interrompido
web-state-refused = não é um rastro
web-wrong-link = A chave deste link não é a desta turma (um link antigo ou mal copiado): digite a senha da turma, ou peça o link de novo.
web-new-session = Esta é uma sessão nova: a anterior terminou (esta aba ficou fora mais de %m, ou o servidor foi reiniciado).
web-server-stopped = O servidor parou. Esta aba volta à aula quando o servidor voltar.
web-board-show = Mostrar
web-board-all = todas
web-board-clear = Tirar as terminadas
web-board-hide = ocultar este cartão
web-board-silent = em silêncio há %s
web-board-lecturer-only = Este é o quadro do professor: abre com o link do professor, não com o da turma.
web-board-wrong-link = A chave deste link do quadro não é a deste servidor (um link antigo ou copiado errado): a mensagem do servidor ao iniciar mostra o link do professor.
minutes = { $n ->
    [one] { $n } minuto
   *[other] { $n } minutos
}
seconds = { $n ->
    [one] { $n } segundo
   *[other] { $n } segundos
}

## O que é cada algoritmo, no seletor (a)
about-steepest = descida mais íngreme: o melhor vizinho que melhora estritamente; para num mínimo local
about-stochastic = descida estocástica: um vizinho ao acaso que melhora estritamente
about-plateau = descida estocástica que também aceita movimentos laterais (de mesmo custo): percorre platôs
about-annealing = Simulated Annealing (curso: T geométrica a partir de 0,1; ajustada: trocas em quadrantes, esquema de Lewis, reaquecimentos)
about-beam = busca local em feixe: junta todos os vizinhos de k estados e fica com k
about-genetic = algoritmo genético (curso: todos os pares cruzam, cruzamento em um ponto; ajustada: por quadrantes, mutação por troca, diversidade)
about-sampling = amostragem guiada por conflitos: sorteia de novo cada célula conforme seus conflitos, numa varredura que esfria
about-tabu = annealing com uma lista tabu de estados recentes (clássica: permutação por linha, trocas numa linha)
about-ants = sistema de colônia de formigas (Lloyd e Amos): as formigas preenchem células com propagação, guiadas pelo feromônio
about-backtrack = retrocesso exato com máscaras de candidatos (clássica: ingênua; ajustada: únicos ocultos, menos candidatos primeiro)
steps-count = { $n ->
    [one] { $n } passo
   *[other] { $n } passos
}

## Parâmetros: suas faixas, e por que um valor é recusado
param-or = ou
param-range = de { $min } a { $max }
param-range-whole = de { $min } a { $max } (inteiro)
param-not-a-number = { $name } = { $text } não é um número: os valores válidos são { $valid }
param-not-a-choice = { $name } = { $text } não é uma das opções: os valores válidos são { $valid }
param-out-of-range = { $name } = { $value } está fora da faixa: os valores válidos são { $valid }
param-unknown-none = parâmetro desconhecido { $name }: este algoritmo não tem parâmetros
param-unknown = parâmetro desconhecido { $name }{ $hint }: os válidos são { $valid }
algo-unknown = algoritmo desconhecido { $name }{ $hint }: os válidos são { $valid }
spec-preset = preset desconhecido { $name }: os válidos são classic, tuned
spec-speed = informe passos por segundo (um número positivo) ou max
spec-seed-whole = informe um número inteiro, 0 ou mais
spec-seed-large = grande demais: a maior semente é { $most }
spec-yes-no = informe true ou false
spec-race-start = os válidos são same, random
spec-panes = no máximo { $beside } algoritmos competem ao lado do primeiro ({ $all } painéis no total)
did-you-mean = você quis dizer { $name }?

## Referências a sudokus que não se resolvem
ref-unreadable = não é possível ler { $path }: { $reason }
ref-directory = { $path } é uma pasta; indique um arquivo de sudokus
ref-out-of-range = { $what } tem { $count } sudokus; não há um sudoku { $index } (use de 1 a { $count })
ref-not-one = { $what } tem { $count } sudokus; escolha um como { $what }:N
ref-no-files = { $what }{ $hint }: uma sessão remota não abre arquivos do servidor, e isto não é um nome incluído ({ $names }), um set ({ $sets }) com :N, generate:hard nem o texto de um sudoku
ref-unknown = sudoku desconhecido { $what }{ $hint }: não é um nome incluído ({ $names }), um set ({ $sets }), um arquivo existente nem o texto de um sudoku

## Figuras (experiment --plot)
plot-success-title = Taxa de sucesso por configuração (intervalo de Wilson de 95 %)
plot-runs-solved = execuções resolvidas
plot-run-setting = configuração (numerada como na legenda)
plot-time-title = Tempo até a solução: fração de execuções resolvidas em t
plot-time-axis = tempo t (escala logarítmica)
plot-fraction-solved = fração de execuções resolvidas
plot-cost-title = Melhor custo: mediana e faixa interquartil
plot-cost-by = Melhor custo por { $unit }
plot-log-scale = { $unit } (escala logarítmica)
plot-best-cost = melhor custo
plot-best-cost-units = melhor custo (valores que faltam)
plot-depth-title = Método exato: profundidade máxima e profundidade na solução
plot-depth-axis = profundidade (chutes em aberto)
plot-runs = execuções
plot-max-depth = profundidade máxima
plot-solution-depth = profundidade na solução
plot-settings = configurações
unit-moves = movimentos
unit-proposals = propostas
unit-sweeps = varreduras
unit-beam-iterations = iterações do feixe
unit-generations = gerações
unit-propagations-guesses-and-backtracks = propagações, chutes e retrocessos
unit-ants = formigas

## A tabela do experimento (sudoscope experiment)
table-algorithm = algoritmo
table-puzzle = sudoku
table-runs = execuções
table-solved = resolvidas
table-rate = taxa
table-interval = intervalo 95 %
table-cost = custo mín/med/máx
table-steps = passos med/p90
table-time = tempo med/p90
table-solve-time = tempo até resolver (med)
table-all = todos
experiment-summary =
    { $threads ->
        [one] { $done } de { $total } execuções em { $threads } thread em { $time }
       *[other] { $done } de { $total } execuções em { $threads } threads em { $time }
    }
experiment-interrupted = interrompido: a tabela cobre as { $done } execuções que terminaram

## Notas do professor (N, --notes)
key-notes = notas do professor para esta cena, só nesta tela (nunca num espelho nem numa gravação)
notes-title = notas do professor (N esconde)
notes-none = esta cena não tem notas do professor

## Uma imagem fixa da tela (W)
key-still = uma imagem fixa da tela para um slide: SVG e PNG neste tamanho e neste tema
still-written = imagem salva: { $svg } e { $png }
still-downloaded = imagem salva pelo navegador, como arquivo SVG (veja seus downloads)

## Folhas para a aula (puzzles --sheet)
sheet-answers = Soluções
sheet-answers-more = Soluções (continuação)
sheet-no-answer = sem solução única
sheet-caption = { $n }. { $name } ({ $size }, { $givens } células fixas)

## O que significa cada parâmetro, no editor de parâmetros (e)
param-steepest-max_iterations = iterações (movimentos) antes de a execução parar
param-stochastic-max_iterations = iterações (movimentos) antes de a execução parar
param-plateau-max_iterations = iterações (movimentos) antes de a execução parar
param-plateau-max_sideways = movimentos laterais seguidos permitidos antes de parar
param-annealing-classic-t0 = temperatura inicial, em unidades do custo: os notebooks contam um dígito faltante como 0,1 e o sudoscope como 1, então o T0 = 0,01 deles é 0,1 aqui
param-annealing-tuned-t0 = temperatura inicial; 0 = a dispersão dos Δ de movimentos aleatórios
param-annealing-classic-cooling = T é multiplicada por isto após cada movimento aceito
param-annealing-tuned-cooling = T é multiplicada por isto após cada cadeia de Markov
param-annealing-max_iterations = parar após esta quantidade de movimentos aceitos (o max_iterations do curso)
param-annealing-bookkeeping = fixed: guarda o melhor estado; course: como o código do curso (pode perder uma solução)
param-annealing-chain = comprimento da cadeia como múltiplo de Σ (células livres por quadrante)²
param-annealing-reheat_after = cadeias sem um novo melhor antes de reaquecer (0 = nunca)
param-annealing-reheat = reaquecer a esta fração de T0
param-annealing-min_conflicts = probabilidade de a primeira célula ser sorteada entre as células em conflito
param-annealing-propagate = antes de mover, fixar as células que as fixas determinam e trocar só entre candidatos: 0 = não, 1 = por únicos, 2 = também por subconjuntos e candidatos bloqueados
param-annealing-escape = com propagação, probabilidade de o par de uma troca ser qualquer célula livre do quadrante, não só uma que mantenha ambos os valores entre os candidatos
param-beam-k = largura do feixe (estados mantidos)
param-beam-patience = iterações sem um novo melhor antes de parar
param-beam-max_iterations = iterações antes de a execução parar
param-beam-tau = temperatura de seleção: peso exp(-(custo - mais barato)/tau)
param-genetic-population = indivíduos por geração
param-genetic-temperature = a probabilidade de mutação é exp(-1/temperatura)
param-genetic-classic-elite = fração dos pais que sobrevivem
param-genetic-tuned-elite = fração dos melhores que sobrevivem sem mudança
param-genetic-classic-patience = gerações sem um novo melhor antes de parar
param-genetic-tuned-patience = gerações sem um novo melhor antes de renovar a população
param-genetic-max_generations = gerações antes de a execução parar
param-genetic-fresh = fração de cada geração formada por novos indivíduos aleatórios
param-genetic-weak = fração de pais fora da elite, sorteados, que sobrevivem
param-genetic-mutation = probabilidade de cada mutação por troca adicional de um filho
param-sampling-lambda = nitidez: P(v) ∝ exp(-lambda · pares que têm v)
param-sampling-t0 = temperatura inicial da aceitação da varredura
param-sampling-cooling = T é multiplicada por isto após cada varredura
param-sampling-reheat_after = varreduras sem um novo melhor antes de T voltar a T0 (0 = nunca)
param-sampling-max_sweeps = varreduras antes de a execução parar
param-tabu-classic-t0 = temperatura inicial
param-tabu-tuned-t0 = temperatura inicial; 0 = a dispersão dos Δ de movimentos aleatórios
param-tabu-classic-cooling = T é multiplicada por isto após cada proposta
param-tabu-tuned-cooling = T é multiplicada por isto após cada cadeia de Markov
param-tabu-freeze = parar quando T cair abaixo disto
param-tabu-tabu = tamanho da lista tabu (estados recentes proibidos)
param-tabu-chain = comprimento da cadeia como múltiplo de Σ (células livres por quadrante)²
param-tabu-reheat_after = cadeias sem um novo melhor antes de reaquecer (0 = nunca)
param-tabu-reheat = reaquecer a esta fração de T0
param-tabu-min_conflicts = probabilidade de a primeira célula ser sorteada entre as células em conflito
param-tabu-propagate = antes de mover, fixar as células que as fixas determinam e trocar só entre candidatos: 0 = não, 1 = por únicos, 2 = também por subconjuntos e candidatos bloqueados
param-tabu-escape = com propagação, probabilidade de o par de uma troca ser qualquer célula livre do quadrante, não só uma que mantenha ambos os valores entre os candidatos
param-ants-ants = formigas por iteração
param-ants-q0 = probabilidade de tomar o valor com mais feromônio
param-ants-rho = atualização global: parte do caminho em direção ao depósito
param-ants-xi = atualização local: parte do caminho de volta ao nível inicial
param-ants-bve = evaporação do melhor valor: o depósito diminui esta parcela por iteração
param-ants-order = células que uma formiga visita: em ciclo a partir de uma célula aleatória, ou primeiro as de menos candidatos
param-ants-reset_after = iterações sem um novo melhor antes de o feromônio recomeçar (0 = nunca)
param-ants-max_iterations = iterações antes de a execução parar
param-backtrack-solutions = parar após esta quantidade de soluções (2 prova a unicidade)
notes-lecturer = as notas do professor aparecem só na tela do professor

# a trace source on screen: waiting for it, its error output
key-error-output = a saída de erro do comando observado, a mais recente primeiro (a última linha de um traceback em cima)
status-no-command = nenhum comando é observado: sua saída de erro aparece com watch -- COMANDO
watch-waiting-title = esperando um rastro
watch-waiting-command = { $what }: esperando seu rastro · { $seconds } s
watch-waiting-file = { $what }: esperando um rastro no arquivo · { $seconds } s
watch-waiting-input = esperando um rastro na entrada padrão · { $seconds } s
watch-waiting-board = { $what }: esperando uma busca enviada ao quadro da turma com este nome · { $seconds } s
watch-waiting-key = esperando o rastro: q sai, ↑ ↓ rolam sua saída de erro
watch-waiting-keys = q sair · ↑ ↓ rolar · ? ajuda
watch-errors = sua saída de erro, a mais recente primeiro
watch-errors-none = ainda nada na sua saída de erro
watch-errors-title = saída de erro de { $what }, a mais recente primeiro
watch-new-run = { $what } tem uma nova execução (execução { $run }): os painéis começam de novo com ela
table-failed = falhas
table-exited-badly = estado≠0
experiment-partial = parcial: interrompido após { $done } de { $total } execuções; a tabela tem as execuções que terminaram
experiment-command-limit = cada execução do comando pode durar { $seconds } s (--max-seconds); uma execução que quebra, é terminada, passa desse tempo ou não escreve cabeçalho conta como falha
experiment-failed = { $failed } execução(ões) do comando falharam: contam na tabela, como não resolvidas
experiment-exited-badly = { $runs } execução(ões) do comando escreveram o rastro inteiro e depois terminaram com um estado diferente de 0: contam pelo seu tabuleiro na tabela, e na sua coluna estado≠0

status-no-parameters = { $algo } não tem parâmetros
status-edited = { $name } = { $value }: segue do tabuleiro
chart-metrics-title = métricas, cada uma na sua escala
puzzle-stdin-here = a entrada padrão é este terminal: dê um nome, set:N, um arquivo ou o texto do sudoku
serve-internal-error = um erro interno ({ $message })
keyname-ctrl = Ctrl-{ $key }
keyname-tab = Tab
keyname-page-down = PgDn
keyname-page-up = PgUp
keyname-esc = Esc
log-trace-not-taken = um movimento proposto e não aceito
log-trace-no-change = nenhuma célula mudou
log-trace-cells =
    { $n ->
        [one] { $n } célula mudou
       *[other] { $n } células mudaram
    }
note-output = saída: { $text }
note-unreadable = linha { $line }: { $why }
note-unreadable-at = linha { $line }, coluna { $column }: { $why }
note-changes-givens = linha { $line }: este passo muda a célula fixa { $cells }
note-members-change-givens = linha { $line }: { $members ->
    [one] um membro deste passo muda
   *[other] { $members } membros deste passo mudam
} uma célula fixa
note-more = … mais { $n } linhas
note-last-words = suas últimas palavras: { $text }
note-ends = a busca termina: { $how }
note-returns = devolve um tabuleiro de custo { $cost }; seu último tabuleiro tem custo { $last }
note-solved-after-all = a busca diz { $how }, mas o tabuleiro que devolve está resolvido
note-changed-a-given = a busca diz resolvido, mas o tabuleiro que devolve muda uma célula fixa
note-not-solved = a busca diz resolvido, mas o tabuleiro que devolve tem custo { $cost }

# The notebook view (python/sudoscope/view.js); python/sudoscope/view_words.json holds a copy
# for the helper, which `cargo test` keeps equal to these.
nb-step = passo
nb-cost = custo
nb-reported = custo informado
nb-log = registro de passos
nb-start = ao início
nb-back = um passo atrás
nb-forward = um passo adiante
nb-pause = pausar
nb-play = continuar
nb-live = acompanhar a busca ao vivo
nb-live-short = ao vivo
nb-speed = passos por quadro ao reproduzir
nb-running = ao vivo
nb-loading = lendo a execução…
nb-paused = pausada
nb-ended = terminou
nb-received = passos recebidos
nb-no-change = nenhuma célula mudou
nb-refused = recusado
nb-population = população
nb-best = melhor
nb-mean = média
nb-worst = pior
nb-distinct = distintos
nb-diversity = valores por célula na população
nb-diversity-short = diversidade
nb-board-short = tabuleiro
nb-outcome-solved = resolvido
nb-outcome-stuck = estagnado
nb-outcome-budget_spent = orçamento esgotado
nb-outcome-time_spent = tempo esgotado
nb-outcome-unsolvable = sem solução
nb-get-anywidget = sudoscope: para ver a busca aqui, no notebook, instale a visualização: pip install anywidget (e rode a célula de novo); enquanto isso o rastro vai para { $path }
nb-trace-written = rastro escrito em { $path }: sudoscope watch { $path }
nb-trace-replaced = substituiu a execução que havia antes
nb-returned = mostrar o tabuleiro que a busca devolve
nb-returned-short = devolvido
nb-last-short = último
nb-returns = o tabuleiro que devolve tem custo { $cost }
nb-last-board = seu último tabuleiro tem custo { $cost }
nb-verdict-solved = resolvido
nb-verdict-not-solved = não resolvido
nb-search-says = a busca diz { $word }
nb-givens-changed = a busca mudou células fixas: { $cells }
nb-cut = interrompida
nb-cut-with = interrompida: o bloco with terminou sem trace.end()
nb-cut-cell = interrompida: a célula terminou sem trace.end()
nb-cut-program = interrompida: o programa terminou sem trace.end()
nb-cut-collected = interrompida: o rastro foi descartado antes de trace.end()
nb-untrusted = Esta é a execução em texto: confie no caderno (ou execute a célula de novo) para vê-la desenhada, passo a passo.
nb-open-cell = aberta: a célula terminou sem trace.end() (outra célula pode continuá-la, ou terminá-la)
nb-silent = ao vivo, sem novidades há %s s (a busca está ocupada ou esperando, ou o kernel parou)
nb-outcome-interrupted = interrompida
nb-outcome-failed = falhou
nb-race = competir com um algoritmo incluído a partir do mesmo primeiro tabuleiro
nb-race-start = competir
nb-race-seed = semente
nb-race-again = competir de novo
nb-race-from-start = a partir do primeiro tabuleiro da execução
nb-race-from-givens = a partir das pistas do sudoku (o primeiro tabuleiro da execução não é conhecido)
nb-race-no-engine = Para competir com os algoritmos incluídos, o ajudante precisa do módulo da página: execute `cargo site` na pasta do sudoscope (ou aponte SUDOSCOPE_PAGE_WASM para um módulo que ele escreveu) e execute a célula de novo.
nb-race-no-copy = Esta página ainda não recebeu o módulo da competição: execute uma célula que trace uma busca, com o kernel rodando.
nb-race-cannot = a competição não pode começar: { $why }
nb-race-running = competindo
nb-race-cannot-run = este navegador não consegue executar o módulo da competição: { $why }
nb-race-old-module = O módulo da página não tem competições (foi construído antes delas): construa-o de novo com `cargo site`.

## the visualiser as a web page (`sudoscope site`)
page-open-lesson = Abrir um arquivo de aula…
page-loading = Carregando o sudoscope…
page-cannot-load = Este navegador não conseguiu carregar o sudoscope:
page-cannot-start = O sudoscope não conseguiu começar:
page-lesson-refused = Esta aula não abriu, e o que estava na tela continua:
page-no-wasm = este navegador não executa WebAssembly
address-not-a-setting = { $key }: não é um ajuste desta página (ela aceita { $keys })
address-lang = lang={ $value }: um de en, es, pt
address-theme = theme={ $value }: um de dark, light, mono
address-lesson = lesson={ $name }: não há aula incluída com esse nome ({ $names }); um arquivo de aula se abre com o botão sob a tela

# as palavras próprias da página web e de uma sessão remota, onde as do terminal não seriam
# verdadeiras (a tela procura ID-in-page ou ID-in-session antes de ID)
key-experiment-in-page = experimento: 100 recomeços de cada algoritmo na tela, um após o outro na única thread desta página
experiment-title-in-page = experimento: 100 recomeços de cada um, um após o outro · x interrompe · esc fecha
key-still-in-page = uma imagem fixa da tela para um slide: um SVG neste tamanho e neste tema, nos downloads do navegador
key-still-in-session = uma imagem fixa da tela: com o sudoscope na sua própria máquina (uma sessão remota não salva arquivos)
served-no-still = uma sessão remota não salva arquivos, então não há imagem fixa: o sudoscope na sua própria máquina salva uma com W
key-open-puzzle-in-page = abrir outro sudoku: um nome incluído, set:N, o texto do sudoku ou generate:hard
key-open-puzzle-in-session = abrir outro sudoku: um nome incluído, set:N, o texto do sudoku ou generate:hard
too-small-in-page = a página é pequena demais: a tela precisa de { $w }×{ $h } caracteres, mesmo com a menor fonte
too-small-now-in-page = ela tem { $w }×{ $h }; aumente a janela, gire o celular ou diminua o zoom
command-keys-in-page = o endereço é copiado para a área de transferência se o navegador permitir · w baixa o comando como arquivo · a adiciona a vista como cena e baixa a aula · outra tecla fecha
command-address-intro = este endereço abre a mesma vista em qualquer navegador (sudoku, algoritmo, versão, parâmetros, semente, o tabuleiro de onde seguiu):
command-intro-in-page = e este comando a abre no sudoscope, o programa:
command-keys-in-session = na sua área de transferência se o seu terminal permitir (uma sessão remota não salva arquivos) · outra tecla fecha
command-downloaded = baixado como { $name }, numa linha (e copiado para a área de transferência se o navegador permitir)
scene-downloaded = cena { $n } somada: { $name }, com todas as cenas até agora, está nos downloads do navegador
status-no-lesson-in-page = não há aula: abra um arquivo de aula com o botão abaixo da tela, ou a incluída com ?lesson=local-search no link
ref-no-files-in-page = { $what }{ $hint }: a página não abre arquivos pelo caminho, e isto não é um nome incluído ({ $names }), um set ({ $sets }) com :N, generate:hard nem o texto de um sudoku
ref-unknown-in-page = sudoku desconhecido { $what }{ $hint }: não é um nome incluído ({ $names }), um set ({ $sets }) com :N, generate:hard nem o texto de um sudoku (a página não abre arquivos pelo caminho)
puzzle-stdin-here-in-page = a página não tem entrada padrão: dê um nome incluído, set:N, generate:hard ou o texto do sudoku
puzzle-stdin-here-in-session = uma sessão remota não tem entrada padrão: dê um nome incluído, set:N, generate:hard ou o texto do sudoku
opener-what-in-page = um nome incluído (sudoku_7), set:N (top95:12), o texto de um sudoku, ou um novo: generate:hard
opener-what-in-session = um nome incluído (sudoku_7), set:N (top95:12), o texto de um sudoku, ou um novo: generate:hard
opener-keys-in-page = enter abre · esc cancela · um nome desconhecido lista os incluídos
opener-keys-in-session = enter abre · esc cancela · um nome desconhecido lista os incluídos
key-error-output-in-page = a saída de erro de um programa observado: a página não executa programas (o sudoscope na sua própria máquina executa, com watch)
status-no-command-in-page = a página não executa programas, então não há saída de erro: o sudoscope na sua própria máquina observa um com watch -- COMANDO
key-notes-in-page = notas do professor da cena da aula, nesta página
notes-no-lesson = nenhuma aula em curso: as notas são das suas cenas
