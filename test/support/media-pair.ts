/**
 * Two connections of this page sending the fake camera and microphone to each other, candidates exchanged
 * in memory. Close both and stop the stream's tracks when done.
 */
export async function mediaPair(): Promise<{
  a: RTCPeerConnection
  b: RTCPeerConnection
  stream: MediaStream
}> {
  const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true })
  const a = new RTCPeerConnection()
  const b = new RTCPeerConnection()
  a.onicecandidate = (event) => event.candidate && void b.addIceCandidate(event.candidate)
  b.onicecandidate = (event) => event.candidate && void a.addIceCandidate(event.candidate)
  for (const track of stream.getTracks()) a.addTrack(track, stream)
  await a.setLocalDescription(await a.createOffer({ offerToReceiveVideo: true, offerToReceiveAudio: true }))
  await b.setRemoteDescription(a.localDescription!)
  for (const track of stream.getTracks()) b.addTrack(track, stream)
  await b.setLocalDescription(await b.createAnswer())
  await a.setRemoteDescription(b.localDescription!)
  return { a, b, stream }
}
