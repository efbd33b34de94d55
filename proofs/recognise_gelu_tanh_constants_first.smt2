; instance 1: %x: ()
; logic QF_UFNRA
(set-logic ALL)
(declare-fun x () Real)
(declare-fun $b () Real)
(declare-fun $a () Real)
(declare-fun vf_tanh (Real) Real)
; hypotheses
(define-fun h!0 () Real (* $a (+ x (* $b (* (* x x) x)))))
(define-fun h!1 () Real (vf_tanh h!0))
(assert true)
(assert (< (- 1.0) h!1))
(assert (< h!1 1.0))
(assert (=> (< 0.0 h!0) (< 0.0 h!1)))
(assert (=> (< h!0 0.0) (< h!1 0.0)))
(assert (=> (= h!0 0.0) (= h!1 0.0)))
; source side
(define-fun s!0 () Real (* (* (/ 1.0 2.0) x) (+ 1.0 (vf_tanh (* $a (+ x (* $b (* (* x x) x))))))))
; target side
(define-fun t!0 () Real (* (* (/ 1.0 2.0) x) (+ 1.0 (vf_tanh (* $a (+ x (* $b (* (* x x) x))))))))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 2: %x: (1)
; logic QF_UFNRA
(set-logic ALL)
(declare-fun |x[0]| () Real)
(declare-fun $b () Real)
(declare-fun $a () Real)
(declare-fun vf_tanh (Real) Real)
; hypotheses
(define-fun h!0 () Real (* $a (+ |x[0]| (* $b (* (* |x[0]| |x[0]|) |x[0]|)))))
(define-fun h!1 () Real (vf_tanh h!0))
(assert true)
(assert (< (- 1.0) h!1))
(assert (< h!1 1.0))
(assert (=> (< 0.0 h!0) (< 0.0 h!1)))
(assert (=> (< h!0 0.0) (< h!1 0.0)))
(assert (=> (= h!0 0.0) (= h!1 0.0)))
; source side
(define-fun s!0 () Real (* (* (/ 1.0 2.0) |x[0]|) (+ 1.0 (vf_tanh (* $a (+ |x[0]| (* $b (* (* |x[0]| |x[0]|) |x[0]|))))))))
; target side
(define-fun t!0 () Real (* (* (/ 1.0 2.0) |x[0]|) (+ 1.0 (vf_tanh (* $a (+ |x[0]| (* $b (* (* |x[0]| |x[0]|) |x[0]|))))))))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 3: %x: (1, 1)
; logic QF_UFNRA
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(declare-fun $b () Real)
(declare-fun $a () Real)
(declare-fun vf_tanh (Real) Real)
; hypotheses
(define-fun h!0 () Real (* $a (+ |x[0,0]| (* $b (* (* |x[0,0]| |x[0,0]|) |x[0,0]|)))))
(define-fun h!1 () Real (vf_tanh h!0))
(assert true)
(assert (< (- 1.0) h!1))
(assert (< h!1 1.0))
(assert (=> (< 0.0 h!0) (< 0.0 h!1)))
(assert (=> (< h!0 0.0) (< h!1 0.0)))
(assert (=> (= h!0 0.0) (= h!1 0.0)))
; source side
(define-fun s!0 () Real (* (* (/ 1.0 2.0) |x[0,0]|) (+ 1.0 (vf_tanh (* $a (+ |x[0,0]| (* $b (* (* |x[0,0]| |x[0,0]|) |x[0,0]|))))))))
; target side
(define-fun t!0 () Real (* (* (/ 1.0 2.0) |x[0,0]|) (+ 1.0 (vf_tanh (* $a (+ |x[0,0]| (* $b (* (* |x[0,0]| |x[0,0]|) |x[0,0]|))))))))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 4: %x: (1, 1, 1)
; logic QF_UFNRA
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(declare-fun $b () Real)
(declare-fun $a () Real)
(declare-fun vf_tanh (Real) Real)
; hypotheses
(define-fun h!0 () Real (* $a (+ |x[0,0,0]| (* $b (* (* |x[0,0,0]| |x[0,0,0]|) |x[0,0,0]|)))))
(define-fun h!1 () Real (vf_tanh h!0))
(assert true)
(assert (< (- 1.0) h!1))
(assert (< h!1 1.0))
(assert (=> (< 0.0 h!0) (< 0.0 h!1)))
(assert (=> (< h!0 0.0) (< h!1 0.0)))
(assert (=> (= h!0 0.0) (= h!1 0.0)))
; source side
(define-fun s!0 () Real (* (* (/ 1.0 2.0) |x[0,0,0]|) (+ 1.0 (vf_tanh (* $a (+ |x[0,0,0]| (* $b (* (* |x[0,0,0]| |x[0,0,0]|) |x[0,0,0]|))))))))
; target side
(define-fun t!0 () Real (* (* (/ 1.0 2.0) |x[0,0,0]|) (+ 1.0 (vf_tanh (* $a (+ |x[0,0,0]| (* $b (* (* |x[0,0,0]| |x[0,0,0]|) |x[0,0,0]|))))))))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 5: %x: (1, 1, 1, 1)
; logic QF_UFNRA
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(declare-fun $b () Real)
(declare-fun $a () Real)
(declare-fun vf_tanh (Real) Real)
; hypotheses
(define-fun h!0 () Real (* $a (+ |x[0,0,0,0]| (* $b (* (* |x[0,0,0,0]| |x[0,0,0,0]|) |x[0,0,0,0]|)))))
(define-fun h!1 () Real (vf_tanh h!0))
(assert true)
(assert (< (- 1.0) h!1))
(assert (< h!1 1.0))
(assert (=> (< 0.0 h!0) (< 0.0 h!1)))
(assert (=> (< h!0 0.0) (< h!1 0.0)))
(assert (=> (= h!0 0.0) (= h!1 0.0)))
; source side
(define-fun s!0 () Real (* (* (/ 1.0 2.0) |x[0,0,0,0]|) (+ 1.0 (vf_tanh (* $a (+ |x[0,0,0,0]| (* $b (* (* |x[0,0,0,0]| |x[0,0,0,0]|) |x[0,0,0,0]|))))))))
; target side
(define-fun t!0 () Real (* (* (/ 1.0 2.0) |x[0,0,0,0]|) (+ 1.0 (vf_tanh (* $a (+ |x[0,0,0,0]| (* $b (* (* |x[0,0,0,0]| |x[0,0,0,0]|) |x[0,0,0,0]|))))))))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 32: %x: ()
; logic QF_UFNRA
(set-logic ALL)
(declare-fun x () Real)
(declare-fun $b () Real)
(declare-fun $a () Real)
(declare-fun vf_tanh (Real) Real)
; hypotheses
(define-fun h!0 () Real (* $a (+ x (* $b (* (* x x) x)))))
(define-fun h!1 () Real (vf_tanh h!0))
(assert true)
(assert (< (- 1.0) h!1))
(assert (< h!1 1.0))
(assert (=> (< 0.0 h!0) (< 0.0 h!1)))
(assert (=> (< h!0 0.0) (< h!1 0.0)))
(assert (=> (= h!0 0.0) (= h!1 0.0)))
; source side
(define-fun s!0 () Real (* (* (/ 1.0 2.0) x) (+ 1.0 (vf_tanh (* $a (+ x (* $b (* (* x x) x))))))))
; target side
(define-fun t!0 () Real (* (* (/ 1.0 2.0) x) (+ 1.0 (vf_tanh (* $a (+ x (* $b (* (* x x) x))))))))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
